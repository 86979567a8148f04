/**
 * Reminders an address's reader stopped (issue 27), kept by address as returned e-mail is
 * (functions/email/email-suppression.ts): one item covers every tenant with the address, those imported
 * later too. It stops the program's reminder e-mails only: letters, answers' confirmations, certificates
 * and a rejected proof's e-mail are answers to something the tenant did, and still go.
 *
 *   EMAIL_UNSUBSCRIBE#{address, trimmed, lower case} / REMINDERS   { address, unsubscribed_at, via }
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { UnsubscribeView } from '../../shared/contracts/reminders';
import { batchGetItems } from '../aws/batch-get';
import { batchPutItems } from '../aws/batch-write';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { tenantsWithAddress } from '../email/email-suppression';
import { logger } from '../runtime/logger';
import { historyNotePut } from '../tenants/tenant-history';
import type { Actor } from '../tenants/tenant-history';
import { emailKeyOf } from '../tenants/tenant-record';
import { isTransactionCanceled } from '../aws/dynamo-errors';

export const unsubscribeKey = (address: string) => ({ pk: `EMAIL_UNSUBSCRIBE#${emailKeyOf(address)}`, sk: 'REMINDERS' });

/** The reader of the address, as the actor of the history entries an unsubscribe writes. */
export const RECIPIENT_ACTOR: Actor = { user_id: 'email-recipient', username: 'E-mail recipient (unsubscribe link)' };

/** How the reader asked: the mailbox's own unsubscribe button (the one-click POST) or the page the e-mail's link opens. */
export type UnsubscribeVia = 'one_click' | 'link';

/** A transaction holds 100 items: the opt-out's and 99 history entries; an address many tenants share gets the rest by BatchWriteItem. */
const NOTES_IN_TRANSACTION = 99;

/** What the program knows of the address's reminders. */
export async function unsubscribeState(address: string): Promise<UnsubscribeView> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: unsubscribeKey(address), ConsistentRead: true }));
  return { address: emailKeyOf(address), unsubscribed: Boolean(out.Item), unsubscribed_at: (out.Item?.unsubscribed_at as string | undefined) ?? null };
}

/** Which of these addresses stopped reminders (keyed as emailKeyOf keys them): one BatchGetItem per 100. */
export async function unsubscribedAddresses(addresses: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(emailKeyOf).filter(Boolean))].map(unsubscribeKey);
  if (keys.length === 0) return new Set();
  return new Set((await batchGetItems(keys)).map((item) => item.address as string));
}

/**
 * Stops reminders to the address, once: the opt-out is put only if none is there, in the same
 * transaction as a history entry on each tenant with the address (the temail index, no Scan), so staff
 * and managers see why that tenant gets no reminder. Asked again, it answers as it stands and writes nothing.
 */
export async function unsubscribe(address: string, via: UnsubscribeVia): Promise<UnsubscribeView> {
  const current = await unsubscribeState(address);
  if (current.unsubscribed) return current;
  const at = new Date().toISOString();
  const tenants = await tenantsWithAddress(address);
  const notes = tenants.map((t) => historyNotePut(t, { actor: RECIPIENT_ACTOR, action: 'reminders_unsubscribed' }, [
    { field: 'reminder_emails', from: 'On', to: `Off: ${emailKeyOf(address)} asked for no more reminder e-mails (${via === 'one_click' ? 'the mailbox\'s unsubscribe button' : 'the link in a reminder'})` },
  ], at));
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...unsubscribeKey(address), type: 'email_unsubscribe', address: emailKeyOf(address), unsubscribed_at: at, via },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...notes.slice(0, NOTES_IN_TRANSACTION),
      ] as never,
    }));
  } catch (err) {
    // Two clicks at once: the other one stopped them and wrote the history.
    if (isTransactionCanceled(err)) return unsubscribeState(address);
    throw err;
  }
  await batchPutItems(notes.slice(NOTES_IN_TRANSACTION).map((n) => n.Put.Item));
  logger.info('reminders unsubscribed', { via, tenants: tenants.length });
  return { address: emailKeyOf(address), unsubscribed: true, unsubscribed_at: at };
}
