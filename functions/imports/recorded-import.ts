/**
 * Puts every import on record (functions/imports/import-record.ts) around the import runner: the record of
 * a finished import with its counts and reports, or of a file refused as a whole with the refusal, before
 * the worker marks the job done or failed. Other failures are SQS's to retry and leave no record yet; a
 * second delivery that stops because another run is ahead (JobRunElsewhere) leaves that run to write it.
 * Apart from the record store so the Import History routes do not bundle the cycle store.
 */
import type { ImportResult } from '../../shared/contracts/imports';
import { getCycle } from '../cycles/cycle-store';
import { JobRefused } from '../jobs/job-refused';
import type { JobRunner } from '../runtime/worker';
import { doneRecord, putImportRecord, refusedRecord } from './import-record';
import type { ImportJobInput } from './import-job-type';

export function recordedImport(runner: JobRunner): JobRunner {
  return async (ctx) => {
    // Written by the import routes only (import-routes.ts queueImport).
    const job = { id: ctx.job.id, created_at: ctx.job.created_at, input: ctx.job.input as unknown as ImportJobInput };
    let result: Record<string, unknown>;
    try {
      result = await runner(ctx);
    } catch (err) {
      if (err instanceof JobRefused) {
        // A cycle's Import Tenants names its cycle (and so the facility) even when the file names none we know.
        const cycle = job.input.cycle_id ? await getCycle(job.input.cycle_id) : null;
        await putImportRecord(refusedRecord(job, err.message, cycle));
      }
      throw err;
    }
    await putImportRecord(doneRecord(job, result as unknown as ImportResult));
    return result;
  };
}
