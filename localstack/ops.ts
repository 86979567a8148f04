/**
 * `npm run ops -- jobs list | jobs retry <job id> | jobs redrive <queue>`: the Failed jobs page from a
 * terminal, for when the app itself is what is broken (issue 26; docs/operations.md "A job in a
 * dead-letter queue"). The same functions as the page (functions/jobs/failed-jobs.ts).
 *
 * Against npm start's stack by default (its emulators, or AWS_ENDPOINT_URL's). Against AWS: set
 * AWS_ENDPOINT_URL to nothing, with AWS_REGION, the usual credentials, APP_TABLE_NAME and the queues'
 * QUEUE_URL_* of the deployment (README: Operations). Retries are recorded on the job as by `ops` (or OPS_BY).
 */
import { JOB_QUEUE_NAMES, queueEnvName } from '../shared/jobs';
import { ENV } from '../shared/resources';
import { endpointsFromEnv, useEndpoints } from './emulator';
import type { JobQueueName } from '../shared/jobs';
import { useOpsTarget } from './ops-target';

const USAGE = `Usage: npm run ops -- jobs list | jobs retry <job id> | jobs redrive <queue>
  queues: ${JOB_QUEUE_NAMES.join(', ')}`;

const [area, command, arg] = process.argv.slice(2).map((a) => a.trim());
const queueNamed = (name: string | undefined): name is JobQueueName => (JOB_QUEUE_NAMES as readonly string[]).includes(name ?? '');
if (area !== 'jobs' || !['list', 'retry', 'redrive'].includes(command ?? '') || (command === 'retry' && !arg) || (command === 'redrive' && !queueNamed(arg))) {
  console.error(USAGE);
  process.exit(2);
}
// An environment that names the table and every job queue (a deployment's, or a test suite's stack) is
// used as it is; otherwise npm start's stack (or AWS, AWS_ENDPOINT_URL set to nothing) as the other ops scripts.
if (process.env[ENV.table] && JOB_QUEUE_NAMES.every((q) => process.env[queueEnvName(q)])) {
  if (process.env.AWS_ENDPOINT_URL === '') delete process.env.AWS_ENDPOINT_URL;
  else useEndpoints(endpointsFromEnv());
} else {
  await useOpsTarget();
}

const { listTroubledJobs, queuedAgainText, redriveQueue, retryJob, toFailedJobRows } = await import('../functions/jobs/failed-jobs');
const { HttpError } = await import('../functions/runtime/http-error');
const by = process.env.OPS_BY?.trim() || 'ops';
try {
  if (command === 'list') {
    const { jobs, complete } = await listTroubledJobs();
    const rows = await toFailedJobRows(jobs);
    if (rows.length === 0) console.log('No failed or stalled job, and no job in a dead-letter queue.');
    for (const row of rows) {
      const where = [row.facility_number && `facility ${row.facility_number}`, row.cycle_label && `cycle ${row.cycle_label}`].filter(Boolean).join(', ');
      console.log([
        row.id, row.trouble, row.queue, row.kind, row.updated_at, `tries ${row.tries}`, row.in_dead_letter_queue ? 'in DLQ' : 'not in DLQ',
        `by ${row.started_by ?? 'unknown'}`, where || '-', row.error ?? '(no error recorded)',
      ].join('\t'));
    }
    if (!complete) console.log('A dead-letter queue holds more messages than one look reads: redrive it, then list again.');
  } else if (command === 'retry') {
    const job = await retryJob(arg!, by);
    console.log(`Job ${job.id} (${job.type}) ${queuedAgainText(job)}`);
  } else {
    const outcome = await redriveQueue(arg as JobQueueName, by);
    console.log(`${arg}: ${outcome.retried.length} job(s) queued again${outcome.retried.length ? ` (${outcome.retried.join(', ')})` : ''}; `
      + `${outcome.dropped.length} dead letter(s) of jobs that need no run deleted; ${outcome.kept} naming no known job left in the dead-letter queue.`);
  }
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  console.error(err.message);
  process.exit(1);
}
