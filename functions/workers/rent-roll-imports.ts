/**
 * Worker for the rent-roll-imports queue: the rent-roll import job (functions/imports/import-job.ts).
 * The runner, and the reader with exceljs it carries, are loaded by the first job, not at cold init.
 */
import { IMPORT_JOB_TYPE } from '../imports/import-job-type';
import { createWorker } from '../runtime/worker';
import type { JobRunner } from '../runtime/worker';

let runner: Promise<JobRunner> | undefined;
const importRunner: JobRunner = async (ctx) => (await (runner ??= import('../imports/import-job').then((m) => m.importRunner())))(ctx);

export const handler = createWorker('rent-roll-imports', { [IMPORT_JOB_TYPE]: importRunner });
