/**
 * Returned e-mail (issue 26): an address SES bounced permanently, or whose reader complained, is
 * suppressed, so the program does not e-mail it again until staff clear it. Kept by address, not on
 * each tenant, so every tenant with the address is covered, those imported later too; the tenants are
 * found through the temail index (no Scan) to write their history, and the tenant page and every send
 * look the address up (docs/data-model.md "Returned e-mail").
 *
 *   EMAIL_SUPPRESSION#{address, lower case} / SUPPRESSION      the flag, its reason and date, transient bounces and deliveries counted
 *   EMAIL_SUPPRESSION#{address} / EVENT#{SNS message id}       an event already applied (TTL 30 days): a redelivery changes nothing
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { EmailSuppression } from '../../shared/contracts/email-suppression';
import { APP_TABLE } from '../../shared/resources';
import { batchGetItems } from '../aws/batch-get';
import { batchPutItems } from '../aws/batch-write';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { historyNotePut } from '../tenants/tenant-history';
import type { Actor } from '../tenants/tenant-history';
import { emailKeyOf, tenantFromItem, tenantKey } from '../tenants/tenant-record';
import type { TenantRecord } from '../tenants/tenant-record';
import { isConditionFailure } from '../aws/dynamo-errors';

type Item = Record<string, NativeAttributeValue>;

export const suppressionKey = (address: string) => ({ pk: `EMAIL_SUPPRESSION#${emailKeyOf(address)}`, sk: 'SUPPRESSION' });
const eventKey = (address: string, eventId: string) => ({ pk: `EMAIL_SUPPRESSION#${emailKeyOf(address)}`, sk: `EVENT#${eventId}` });

/** How long an applied event is remembered: SNS and SQS redeliver within hours, never weeks. */
const EVENT_MEMORY_DAYS = 30;
/**
 * A transaction takes 100 items: the event's two (or the clear's one), the rest for the tenants' history
 * entries; an address many tenants share (a facility's own, typed for tenants without one) has the entries
 * beyond these written by BatchWriteItem (suppressAddress, clearSuppression).
 */
const NOTES_IN_TRANSACTION = 98;

/** SES, as the actor of the history entries its events write. */
export const SES_ACTOR: Actor = { user_id: 'ses', username: 'Amazon SES' };

function suppressionOf(item: Item | undefined): EmailSuppression | null {
  if (!item) return null;
  return {
    address: item.address as string,
    suppressed: item.suppressed === true,
    reason: (item.reason as string | null | undefined) ?? null,
    suppressed_at: (item.suppressed_at as string | null | undefined) ?? null,
    transient_bounces: (item.transient_bounces as number | undefined) ?? 0,
    last_transient_bounce_at: (item.last_transient_bounce_at as string | null | undefined) ?? null,
    deliveries: (item.deliveries as number | undefined) ?? 0,
    last_delivered_at: (item.last_delivered_at as string | null | undefined) ?? null,
    cleared_at: (item.cleared_at as string | null | undefined) ?? null,
    cleared_by: (item.cleared_by as string | null | undefined) ?? null,
  };
}

/** What the program knows of an address's returned mail; null when nothing ever came back. */
export async function getSuppression(address: string): Promise<EmailSuppression | null> {
  if (!emailKeyOf(address)) return null;
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: suppressionKey(address), ConsistentRead: true }));
  return suppressionOf(out.Item);
}

/** Is the address suppressed now? (the check before every send) */
export async function suppressedReason(address: string): Promise<EmailSuppression | null> {
  const found = await getSuppression(address);
  return found?.suppressed ? found : null;
}

/** Which of these addresses are suppressed now (keyed as emailKeyOf keys them): one BatchGetItem. */
export async function suppressedAddresses(addresses: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(emailKeyOf).filter(Boolean))].map(suppressionKey);
  if (keys.length === 0) return new Set();
  const found = await batchGetItems(keys);
  return new Set(found.filter((i) => i.suppressed === true).map((i) => i.address as string));
}

/** The tenants whose e-mail address is this one, all of them: the temail index (keys only), then their records. */
export async function tenantsWithAddress(address: string): Promise<TenantRecord[]> {
  const ids: string[] = [];
  let startKey: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'temail', KeyConditionExpression: 'temailpk = :email',
      ExpressionAttributeValues: { ':email': emailKeyOf(address) }, ExclusiveStartKey: startKey,
    }));
    ids.push(...(out.Items ?? []).map((i) => (i.pk as string).slice('TENANT#'.length)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  const found = await batchGetItems(ids.map(tenantKey));
  return found.map(tenantFromItem).sort((a, b) => a.id.localeCompare(b.id));
}

/** History entries for each tenant with the address, told as a change of its returned-e-mail state. */
function notes(tenants: readonly TenantRecord[], action: string, actor: Actor, from: string | null, to: string | null, at: string, entryId?: string) {
  return tenants.map((t) => historyNotePut(t, { actor, action }, [{ field: 'email_suppression', from, to }], at, entryId));
}

/** The history entries one transaction has no room for, by BatchWriteItem. */
const writeNotes = (puts: readonly { Put: { Item: Item } }[]) => batchPutItems(puts.map((p) => p.Put.Item));


/**
 * Applies one event to an address once: the event's marker, the address's change and the tenants'
 * history entries go in one transaction, conditional on the marker being new. Answers false for an
 * event already applied.
 */
async function applyOnce(address: string, eventId: string, update: Omit<Item, 'TableName' | 'Key'>, history: object[], at: string): Promise<boolean> {
  const expires = Math.floor(Date.parse(at) / 1000) + EVENT_MEMORY_DAYS * 86_400;
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(), Item: { ...eventKey(address, eventId), type: 'email_event', at, [APP_TABLE.ttlAttribute]: expires },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Update: { TableName: tableName(), Key: suppressionKey(address), ...update } },
        ...history,
      ] as never,
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export interface ReturnedMail {
  address: string;
  /** The SNS message's id: one per SES event, the same on every redelivery. */
  eventId: string;
  /** 'Permanent bounce (NoEmail): 550 5.1.1 user unknown', 'Complaint (abuse)'. */
  reason: string;
  /** When SES saw it (ISO). */
  at: string;
}

/**
 * A permanent bounce or a complaint: the address is suppressed (again, with the newer reason, when it
 * was cleared) and every tenant with it gets a history entry. Answers false when the event was applied before.
 */
export async function suppressAddress(mail: ReturnedMail): Promise<boolean> {
  const tenants = await tenantsWithAddress(mail.address);
  const before = await getSuppression(mail.address);
  // Keyed by the event, so a redelivery writes the same entries again, never a second of each.
  const entryId = createHash('sha256').update(mail.eventId).digest('hex').slice(0, 8);
  const history = notes(tenants, 'email_returned', SES_ACTOR, before?.suppressed ? before.reason : null, `E-mail returned: ${mail.reason}`, mail.at, entryId);
  // Those past the transaction's room go first: should the worker stop between the two, the redelivery writes them again.
  await writeNotes(history.slice(NOTES_IN_TRANSACTION));
  return applyOnce(mail.address, mail.eventId, {
    UpdateExpression: 'SET #type = :type, address = :address, suppressed = :true, reason = :reason, suppressed_at = :at',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': 'email_suppression', ':address': emailKeyOf(mail.address), ':true': true, ':reason': mail.reason, ':at': mail.at },
  }, history.slice(0, NOTES_IN_TRANSACTION), mail.at);
}

/** Adds one to a count of the address, with the date of the last one (never suppressing it). */
function countOnce(mail: Omit<ReturnedMail, 'reason'>, count: 'transient_bounces' | 'deliveries', last: 'last_transient_bounce_at' | 'last_delivered_at'): Promise<boolean> {
  return applyOnce(mail.address, mail.eventId, {
    UpdateExpression: 'SET #type = :type, address = :address, #last = :at, suppressed = if_not_exists(suppressed, :false) ADD #count :one',
    ExpressionAttributeNames: { '#type': 'type', '#last': last, '#count': count },
    ExpressionAttributeValues: { ':type': 'email_suppression', ':address': emailKeyOf(mail.address), ':at': mail.at, ':false': false, ':one': 1 },
  }, [], mail.at);
}

/**
 * A transient bounce (mailbox full, message too large, a server down past SES's own retries): counted on
 * the address, never suppressing it (docs/decisions.md "Returned e-mail: transient bounces are counted only").
 */
export const countTransientBounce = (mail: Omit<ReturnedMail, 'reason'>): Promise<boolean> => countOnce(mail, 'transient_bounces', 'last_transient_bounce_at');

/** A delivery SES reported (the recipient's server accepted the mail): counted on the address, with its date. */
export const countDelivery = (mail: Omit<ReturnedMail, 'reason'>): Promise<boolean> => countOnce(mail, 'deliveries', 'last_delivered_at');

/**
 * Staff clear a suppressed address (after correcting it, or once the reader asks for mail again); every
 * tenant with it gets a history entry naming who cleared it. Answers null when the address was not suppressed.
 */
export async function clearSuppression(address: string, actor: Actor): Promise<EmailSuppression | null> {
  const before = await suppressedReason(address);
  if (!before) return null;
  const at = new Date().toISOString();
  const history = notes(await tenantsWithAddress(address), 'email_suppression_cleared', actor, `E-mail returned: ${before.reason ?? ''}`, null, at);
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(), Key: suppressionKey(address),
            UpdateExpression: 'SET suppressed = :false, cleared_at = :at, cleared_by = :by',
            // Cleared only as it was read: a newer bounce meanwhile stays for staff to see.
            ConditionExpression: 'suppressed = :true AND suppressed_at = :since',
            ExpressionAttributeValues: { ':false': false, ':true': true, ':at': at, ':by': actor.username, ':since': before.suppressed_at },
          },
        },
        ...history.slice(0, NOTES_IN_TRANSACTION + 1),
      ] as never,
    }));
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
  // After the clear, which its condition decides: a clear refused writes no entry.
  await writeNotes(history.slice(NOTES_IN_TRANSACTION + 1));
  return { ...before, suppressed: false, cleared_at: at, cleared_by: actor.username };
}

/** A send skipped for a suppressed address, on the history of the tenants it was for. */
export async function recordSkippedSend(tenants: readonly Pick<TenantRecord, 'id' | 'facility_id'>[], actor: Actor, what: string, suppression: EmailSuppression): Promise<void> {
  if (tenants.length === 0) return;
  const at = new Date().toISOString();
  const note = `${what} not sent to ${suppression.address}: the address is suppressed since ${suppression.suppressed_at?.slice(0, 10) ?? 'earlier'} (${suppression.reason ?? 'returned e-mail'})`;
  // One tenant in practice (a certificate, a confirmation, a rejection); a Put each, no transaction needed.
  for (const t of tenants) {
    await dynamo().send(new PutCommand(historyNotePut(t, { actor, action: 'email_not_sent' }, [{ field: 'email_suppression', from: null, to: note }], at).Put));
  }
}
