/**
 * Worker for the letter-generation queue: letter batches and sample letters (functions/letters/letter-job.ts).
 * The runners, with pdf-lib and exceljs, are loaded by the first job, not at cold init.
 */
import { LETTER_JOB_TYPES } from '../letters/letter-job-type';
import { createWorker } from '../runtime/worker';
import type { JobRunner } from '../runtime/worker';

let runners: Promise<Record<string, JobRunner>> | undefined;
const lazy = (type: string): JobRunner => async (ctx) => (await (runners ??= import('../letters/letter-job').then((m) => m.letterRunners())))[type]!(ctx);

export const handler = createWorker('letter-generation', {
  [LETTER_JOB_TYPES.batch]: lazy(LETTER_JOB_TYPES.batch),
  [LETTER_JOB_TYPES.sample]: lazy(LETTER_JOB_TYPES.sample),
});
