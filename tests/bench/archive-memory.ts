/**
 * The archive-exports worker's peak memory on a 50,000-tenant facility archive (issue 17: under 300 MB):
 * the facility seeded with its history (archive-seed.ts), the archive queued as the execute route queues
 * it (the lock, the export's file name, the job's input) but with the job record only, no queue message,
 * and the job run by the worker bundle in a fresh node process (worker-in-child.ts), as a Lambda
 * execution environment runs it. A job that runs out of its invocation's time sends itself on
 * (JobContinues): the worker's continuation goes to a queue of the bench's own, which no poller reads,
 * and the next invocation is another fresh process handed that message, as the event source mapping
 * would; the peak is the highest of them. Afterwards the job must be done with every tenant archived,
 * the facility must count none, and the export must be on record.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { RunningProgram } from '../../localstack/runtime/program';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE, archiveFileKey } from '../../functions/archives/archive-job-input';
import type { ArchiveJobInput } from '../../functions/archives/archive-job-input';
import { lockForArchive } from '../../functions/archives/archive-lock';
import { archiveByFilename, claimExportFilename, exportFilenameBase } from '../../functions/archives/archive-store';
import { sqsClient, sqsCommands } from '../../functions/aws/clients';
import { getFacilityCounters } from '../../functions/facilities/facility-store';
import { getJob } from '../../functions/jobs/job-store';
import { queueEnvName } from '../../shared/jobs';
import { createJobRecordOnly } from '../integration/job-fixture';
import { seedLargeFacility } from './archive-seed';
import { runWorkerInChild, workerNodeFlags } from './worker-in-child';

export interface ArchiveWorkerMemory {
  tenants: number;
  cycles: number;
  historyEntries: number;
  seedSeconds: number | null;
  error: string | null;
  peakRssBytes: number | null;
  peakHeapBytes: number | null;
  loadedRssBytes: number | null;
  /** The worker's runs of the job, in their processes, added up. */
  seconds: number | null;
  /** Worker invocations the job took (more than one when it went on after running out of time). */
  invocations: number;
  exportFilename: string | null;
  nodeFlags: string;
}

/** More than this many invocations for one archive is a job that does not move on. */
const MAX_INVOCATIONS = 10;

/** A queue no poller reads, for the worker's continuation messages: `take` receives and deletes the job's. */
async function privateQueue(): Promise<{ url: string; take: (jobId: string) => Promise<boolean> }> {
  const [sqs, { CreateQueueCommand, ReceiveMessageCommand, DeleteMessageCommand }] = await Promise.all([sqsClient(), sqsCommands()]);
  const created = await sqs.send(new CreateQueueCommand({ QueueName: `bench-archive-continuations-${randomBytes(4).toString('hex')}` }));
  const url = created.QueueUrl!;
  return {
    url,
    take: async (jobId) => {
      const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1, WaitTimeSeconds: 5 }));
      const message = out.Messages?.[0];
      if (!message) return false;
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle! }));
      return (JSON.parse(message.Body ?? '{}') as { job_id?: string }).job_id === jobId;
    },
  };
}

/** A facility number no scale or demo facility has (the scale seed's run 20001-23000). */
const LARGE_FACILITY_NUMBER = '39001';

export async function measureArchiveWorkerMemory(program: RunningProgram, tenants: number, cycles: number, dir: string, log: (line: string) => void): Promise<ArchiveWorkerMemory> {
  const memory: ArchiveWorkerMemory = {
    tenants, cycles, historyEntries: 0, seedSeconds: null, error: null, peakRssBytes: null, peakHeapBytes: null, loadedRssBytes: null, seconds: null,
    exportFilename: null, nodeFlags: workerNodeFlags(ARCHIVE_QUEUE), invocations: 0,
  };
  try {
    log(`bench:   seeding facility ${LARGE_FACILITY_NUMBER} with ${tenants.toLocaleString('en-US')} tenants over ${cycles} cycles, with their history...`);
    const seeded = await seedLargeFacility(LARGE_FACILITY_NUMBER, tenants, cycles, log);
    Object.assign(memory, { tenants: seeded.tenants, historyEntries: seeded.historyEntries, seedSeconds: seeded.seconds });
    const { facility } = seeded;
    const counted = (await getFacilityCounters(facility.id)).total;
    if (counted !== seeded.tenants) throw new Error(`the seeded facility counts ${counted} tenants, ${seeded.tenants} were written`);

    // What the execute route does before it sends the message (functions/archives/archive-routes.ts queueArchive), the message left out.
    const archiveId = randomUUID();
    const jobId = randomUUID();
    await lockForArchive({ kind: 'facility', facilityId: facility.id }, archiveId, jobId);
    const filename = await claimExportFilename(exportFilenameBase(facility.facility_number, facility.prime_site_id, facility.letter_effective_date), archiveId, jobId);
    const input: ArchiveJobInput = {
      archive_id: archiveId, scope: 'facility', facility_id: facility.id, cycle_id: null, letter_dates: null, retire: false,
      export_filename: filename, file_key: archiveFileKey(facility.id, archiveId, filename), requested_by: { user_id: 'bench', username: 'monitor' },
    };
    await createJobRecordOnly({ id: jobId, queue: ARCHIVE_QUEUE, type: ARCHIVE_JOB_TYPE, createdBy: 'bench', input });
    memory.exportFilename = filename;

    log(`bench:   the archive-exports worker on ${seeded.tenants.toLocaleString('en-US')} tenants (${seeded.historyEntries.toLocaleString('en-US')} history entries), in a fresh node process...`);
    const continuations = await privateQueue();
    const runs = [];
    for (;;) {
      const seen = await runWorkerInChild(ARCHIVE_QUEUE, jobId, program, dir, { [queueEnvName(ARCHIVE_QUEUE)]: continuations.url });
      runs.push(seen);
      Object.assign(memory, {
        invocations: runs.length, peakRssBytes: Math.max(...runs.map((r) => r.peakRssBytes)), peakHeapBytes: Math.max(...runs.map((r) => r.peakHeapBytes)),
        loadedRssBytes: runs[0]!.loadedRssBytes, seconds: runs.reduce((n, r) => n + r.seconds, 0),
      });
      const job = await getJob(jobId);
      if (job?.status === 'done' || job?.status === 'failed' || runs.length >= MAX_INVOCATIONS) break;
      // Sent on (JobContinues): the next invocation takes the worker's own message.
      if (!(await continuations.take(jobId))) throw new Error(`the job is ${job?.status} at ${job?.progress}% after invocation ${runs.length}, and the worker sent it on to no new one`);
      log(`bench:   invocation ${runs.length} ended at ${job?.progress}% (${seen.seconds.toFixed(0)} s, peak RSS ${(seen.peakRssBytes / 1e6).toFixed(0)} MB); the job goes on in a new process...`);
    }
    const done = await getJob(jobId);
    if (done?.status !== 'done') throw new Error(`after ${runs.length} worker invocation(s) the job is ${done?.status} at ${done?.progress}%: ${done?.error ?? ''}`);
    const archived = (done.result as { tenant_count?: number } | null)?.tenant_count;
    if (archived !== seeded.tenants) throw new Error(`the job archived ${String(archived)} of ${seeded.tenants} tenants`);
    const left = (await getFacilityCounters(facility.id)).total;
    if (left !== 0) throw new Error(`the facility still counts ${left} tenants after its archive`);
    if (!(await archiveByFilename(filename))) throw new Error(`no archive on record for ${filename}`);
    log(`bench:   peak RSS ${(memory.peakRssBytes! / 1e6).toFixed(0)} MB (heap ${(memory.peakHeapBytes! / 1e6).toFixed(0)} MB), ${memory.seconds!.toFixed(0)} s in ${runs.length} invocation(s)`);
  } catch (err) {
    memory.error = (err as Error).message;
  }
  return memory;
}
