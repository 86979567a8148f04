/**
 * Every letter a tenant was sent, kept under the tenant (issue 24, "One tenant's whole story"): a batch
 * records its tenants only inside its own item, which no tenant can be found by, so each batch also
 * writes one small item per tenant it mails, read with the tenant's own partition.
 *
 *   TENANT#{tenant id} / LETTER#{batch save_time}#{batch id}   the letter: type, date, how it went, its page of the PDF
 *
 * Written by the letter-generation worker once the batch's tenants are marked and before the batch is
 * listed (functions/letters/letter-job.ts), with plain Puts of fixed keys: a retried job writes the
 * same items again. Batches made before this record show on the tenant page from the tenant's
 * letter-sent dates alone (docs/decisions.md "One tenant's whole story").
 */
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { MailedLetterType } from '../../shared/contracts/letters';
import type { TenantLetter } from '../../shared/contracts/tenant-story';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../aws/batch-write';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import type { LetterBatchRecord } from './letter-batch-store';

export const TENANT_LETTER_PREFIX = 'LETTER#';

/**
 * One tenant's letter in a batch: posted (dated the letter's date, on its first page of the batch PDF) or
 * its welcome certificate e-mailed (dated the day it went).
 */
export interface LetterSent { tenant_id: string; delivery: 'mail' | 'email'; date: string; page: number | null }

const letterItem = (batch: LetterBatchRecord, sent: LetterSent): Record<string, NativeAttributeValue> => ({
  pk: `TENANT#${sent.tenant_id}`,
  sk: `${TENANT_LETTER_PREFIX}${batch.save_time}#${batch.id}`,
  type: 'tenant_letter',
  facility_id: batch.facility_id,
  batch_id: batch.id,
  letter_type: batch.letter_type,
  delivery: sent.delivery,
  letter_date: sent.date,
  save_time: batch.save_time,
  file_name: sent.delivery === 'mail' ? batch.file_name : null,
  page: sent.delivery === 'mail' ? sent.page : null,
  scope: batch.state ?? batch.facility_number,
  created_by: batch.created_by,
});

/** Takes back one tenant's letter of a batch: a certificate its send did not send (letter-job.ts withdrawCertificate). */
export async function forgetTenantLetter(batch: LetterBatchRecord, tenantId: string): Promise<void> {
  const item = letterItem(batch, { tenant_id: tenantId, delivery: 'email', date: '', page: null });
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
}

/** The batch's letters under their tenants (BatchWriteItem, 25 a request). */
export async function recordTenantLetters(batch: LetterBatchRecord, letters: readonly LetterSent[]): Promise<void> {
  await batchPutItems(letters.map((sent) => letterItem(batch, sent)));
}

/** A stored letter item as the tenant page shows it. */
export function tenantLetterOf(item: Record<string, NativeAttributeValue>): TenantLetter {
  return {
    batch_id: item.batch_id as string,
    letter_type: item.letter_type as MailedLetterType,
    delivery: item.delivery as 'mail' | 'email',
    letter_date: (item.letter_date as string | null) ?? null,
    save_time: (item.save_time as string | null) ?? null,
    file_name: (item.file_name as string | null) ?? null,
    page: (item.page as number | null) ?? null,
    scope: (item.scope as string | null) ?? null,
    created_by: (item.created_by as string | null) ?? null,
  };
}
