/**
 * The letter-generation queue's job types and their input, in a module of their own so the routes that
 * queue them do not bundle the renderer (pdf-lib, exceljs) the worker loads.
 */
import * as z from 'zod';
import { MAILED_LETTER_TYPES } from '../../shared/contracts/letters';
import type { JobQueueName } from '../../shared/jobs';

export const LETTER_QUEUE: JobQueueName = 'letter-generation';
export const LETTER_JOB_TYPES = { batch: 'letter-batch', sample: 'sample-letters' } as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A letter batch: the tenants were chosen and checked by the route; the worker checks them again. */
export const letterBatchInput = z.object({
  letter_type: z.enum(MAILED_LETTER_TYPES),
  letter_date: date,
  audit_letter_date: date.nullable(),
  reminder_letter_date: date.nullable(),
  /** The facility (facility mode) or the state (state mode) the batch was asked for. */
  facility_id: z.string().nullable(),
  cycle_id: z.string().nullable(),
  state: z.string().nullable(),
  tenant_ids: z.array(z.string()).min(1).max(300),
  file_stem: z.string().min(1),
  /** Written into each marked tenant's history. */
  created_by_username: z.string(),
  /** Staff chose to mail tenants again that were sent this letter already (the worker reads them as not yet sent). */
  resend: z.boolean().default(false),
});
export type LetterBatchInput = z.infer<typeof letterBatchInput>;

export const sampleLettersInput = z.object({
  facility_id: z.string(),
  cycle_id: z.string().nullable(),
  audit_letter_date: date.nullable(),
  reminder_letter_date: date.nullable(),
  letter_date: date,
  file_stem: z.string().min(1),
});
export type SampleLettersInput = z.infer<typeof sampleLettersInput>;
