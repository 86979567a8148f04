/**
 * The archive-exports worker's peak memory on a 50,000-tenant facility archive (issue 17: under 300 MB):
 * the facility seeded with its history (archive-seed.ts), the archive queued as the execute route queues
 * it (the lock, the export's file name, the job's input) but with the job record only, no queue message,
 * and the job run by the worker bundle in a fresh node process (worker-in-child.ts), as a Lambda
 * execution environment runs it. Afterwards the job must be done with every tenant archived, the facility
 * must count none, and the export must be on record.
 */
import { randomUUID } from 'node:crypto';
import type { RunningProgram } from '../../localstack/runtime/program';
import { ARCHIVE_JOB_TYPE, ARCHIVE_QUEUE, archiveFileKey } from '../../functions/archives/archive-job-input';
import type { ArchiveJobInput } from '../../functions/archives/archive-job-input';
import { lockForArchive } from '../../functions/archives/archive-lock';
import { archiveByFilename, claimExportFilename, exportFilenameBase } from '../../functions/archives/archive-store';
import { getFacilityCounters } from '../../functions/facilities/facility-store';
import { getJob } from '../../functions/jobs/job-store';
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
  /** The worker's run of the job, in its process. */
  seconds: number | null;
  exportFilename: string | null;
  nodeFlags: string;
}

/** A facility number no scale or demo facility has (the scale seed's run 20001-23000). */
const LARGE_FACILITY_NUMBER = '39001';

export async function measureArchiveWorkerMemory(program: RunningProgram, tenants: number, cycles: number, dir: string, log: (line: string) => void): Promise<ArchiveWorkerMemory> {
  const memory: ArchiveWorkerMemory = {
    tenants, cycles, historyEntries: 0, seedSeconds: null, error: null, peakRssBytes: null, peakHeapBytes: null, loadedRssBytes: null, seconds: null,
    exportFilename: null, nodeFlags: workerNodeFlags(ARCHIVE_QUEUE),
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
    const seen = await runWorkerInChild(ARCHIVE_QUEUE, jobId, program, dir);
    Object.assign(memory, { peakRssBytes: seen.peakRssBytes, peakHeapBytes: seen.peakHeapBytes, loadedRssBytes: seen.loadedRssBytes, seconds: seen.seconds });
    const done = await getJob(jobId);
    // Still running: the worker ran out of its invocation and sent the job on (JobContinues); the rest is not in this process's number.
    if (done?.status !== 'done') throw new Error(`after one worker invocation (${seen.seconds.toFixed(0)} s, peak RSS ${(seen.peakRssBytes / 1e6).toFixed(0)} MB) the job is ${done?.status} at ${done?.progress}%: ${done?.error ?? 'it went on in a new invocation'}`);
    const archived = (done.result as { tenant_count?: number } | null)?.tenant_count;
    if (archived !== seeded.tenants) throw new Error(`the job archived ${String(archived)} of ${seeded.tenants} tenants`);
    const left = (await getFacilityCounters(facility.id)).total;
    if (left !== 0) throw new Error(`the facility still counts ${left} tenants after its archive`);
    if (!(await archiveByFilename(filename))) throw new Error(`no archive on record for ${filename}`);
    log(`bench:   peak RSS ${(seen.peakRssBytes / 1e6).toFixed(0)} MB (heap ${(seen.peakHeapBytes / 1e6).toFixed(0)} MB), ${seen.seconds.toFixed(0)} s`);
  } catch (err) {
    memory.error = (err as Error).message;
  }
  return memory;
}
