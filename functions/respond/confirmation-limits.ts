/**
 * How many answer confirmations the portal mails (security issue 23, finding 2; docs/decisions.md
 * "Tenant response portal: the confirmation e-mail"). The address is whatever the tenant typed, so each
 * confirmation is mail the program sends to an address nobody vouched for: bounded per session and per
 * tenant, so one letter's code cannot be turned into a mailer by signing in again and again.
 *
 *   RSESSION#{hash} / RSESSION               confirmations_sent   (the session's own item)
 *   RMAIL#{tenant_id} / DAY#{yyyy-MM-dd}     sent                 TTL expires_at_epoch, two days on
 *
 * A place is taken before the mail goes, both counts in one transaction, each on the condition that it
 * is below its bound: parallel answers cannot outrun either. A mail that then fails keeps its place.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { respondentSessionKey } from './respondent-sessions';
import type { Respondent } from './respondent-sessions';
import { isTransactionCanceled } from '../aws/dynamo-errors';

/** "A couple" (the word): an answer and a changed mind. */
export const CONFIRMATIONS_PER_SESSION = 2;
/** A tenant's day, whatever its sessions: two sign-ins' worth. */
export const CONFIRMATIONS_PER_TENANT_DAY = 4;

const DAY_TTL_S = 2 * 24 * 60 * 60;

const tenantDayKey = (tenantId: string, day: string) => ({ pk: `RMAIL#${tenantId}`, sk: `DAY#${day}` });

/**
 * Takes one confirmation's place for this session on the tenant's program day (yyyy-MM-dd): true when
 * both counts had room, false when either is spent (nothing is counted then).
 */
export async function takeConfirmationPlace(respondent: Respondent, day: string): Promise<boolean> {
  const below = (max: number) => ({ ':one': 1, ':max': max });
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(), Key: respondentSessionKey(respondent.sessionId),
            UpdateExpression: 'ADD confirmations_sent :one',
            // The session must still exist: an ended one sends nothing.
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(confirmations_sent) OR confirmations_sent < :max)',
            ExpressionAttributeValues: below(CONFIRMATIONS_PER_SESSION),
          },
        },
        {
          Update: {
            TableName: tableName(), Key: tenantDayKey(respondent.tenant_id, day),
            UpdateExpression: 'ADD sent :one SET #type = :type, expires_at_epoch = :ttl',
            ConditionExpression: 'attribute_not_exists(sent) OR sent < :max',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ...below(CONFIRMATIONS_PER_TENANT_DAY), ':type': 'respond-mail-day', ':ttl': Math.ceil(Date.now() / 1000) + DAY_TTL_S },
          },
        },
      ],
    }));
    return true;
  } catch (error) {
    if (isTransactionCanceled(error)) return false;
    throw error;
  }
}
