/**
 * One facility archive timed as staff makes it through the wizard (issue 17: under 60 s from the call to a
 * downloadable export): the proposed dates are read first (GET /api/facility-archives/{id}/new-dates, the
 * wizard's step 2, untimed), then the clock runs from POST /api/facility-archives/{id}/execute with those
 * dates, through GET /api/jobs/{id} every 100 ms until the job is done (the runtime's poller runs the
 * archive-exports worker in this process), to GET /api/facility-archives/download-export answering a
 * link. Afterwards (untimed) the link is fetched and must be a workbook, and the facility must hold no
 * tenant: the archive is checked, not only timed. Used by the tenant phase (at every step) and the
 * archive phase.
 */
import type { FacilityEntry } from '../../functions/facilities/facility-store';
import { facilityCycleIds, getFacilityCounters } from '../../functions/facilities/facility-store';
import { readCatalog } from '../../functions/program/catalog';
import { headersOf } from './http-client';
import type { HttpReply, Send } from './http-client';

export interface FacilityArchiveTiming {
  facilityId: string;
  facilityNumber: string;
  /** The facility's cycles and tenants when the archive was called. */
  cycles: number;
  tenants: number;
  error: string | null;
  /** The call to the link. */
  ms: number | null;
  parts: { executeMs: number; jobMs: number; linkMs: number; phases: ArchivePhases | null } | null;
  exportFilename: string | null;
  exportBytes: number | null;
}

/**
 * The job's three phases as its progress showed them (functions/archives/archive-job.ts PROGRESS: the
 * export written up to 50 %, verified up to 60 %, the tenants deleted and the facility reset to 100 %),
 * seen by the 100 ms polls of a job that reports at most once a second: each within about a second.
 */
export interface ArchivePhases { writeMs: number; verifyMs: number; deleteMs: number }
const WRITTEN_AT = 50;
const VERIFIED_AT = 60;

/** Past this the archive is reported failed (the target is 60 s; a stuck job must not hang the bench). */
const ARCHIVE_GIVE_UP_MS = 15 * 60_000;

function ok(what: string, reply: HttpReply, status = 200): Record<string, unknown> {
  if (reply.status === 501) throw new Error(`${what} answers 501 (not built yet)`);
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/**
 * The `count` facilities holding the most tenants (from the facilities catalog's counts), still in the
 * program (a retired facility cannot be archived), none of `exclude`.
 */
export async function largestFacilities(count: number, exclude: ReadonlySet<string> = new Set()): Promise<{ id: string; number: string; tenants: number }[]> {
  const entries = await readCatalog<FacilityEntry>('facilities');
  return entries
    .filter((e) => !e.retired && !exclude.has(e.id) && (e.tenants?.total ?? 0) > 0)
    .sort((a, b) => b.tenants!.total - a.tenants!.total)
    .slice(0, count)
    .map((e) => ({ id: e.id, number: e.facility_number, tenants: e.tenants!.total }));
}

export async function timeFacilityArchive(send: Send, token: string, facility: { id: string; number: string }): Promise<FacilityArchiveTiming> {
  const timing: FacilityArchiveTiming = {
    facilityId: facility.id, facilityNumber: facility.number, cycles: 0, tenants: 0, error: null, ms: null, parts: null, exportFilename: null, exportBytes: null,
  };
  try {
    timing.cycles = (await facilityCycleIds(facility.id)).length;
    timing.tenants = (await getFacilityCounters(facility.id)).total;
    const dates = ok('GET new-dates', await send({ method: 'GET', path: `/api/facility-archives/${facility.id}/new-dates`, headers: headersOf(token) })) as Record<string, string>;

    const started = performance.now();
    const queued = ok('POST execute', await send({
      method: 'POST', path: `/api/facility-archives/${facility.id}/execute`, headers: { ...headersOf(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        letter_effective_date: dates.letter_effective_date!, initial_letter_date: dates.initial_letter_date!, reminder_letter_date: dates.reminder_letter_date!,
      }).toString(),
    }), 202) as { job_id: string; export_filename: string; tenant_count: number };
    const executed = performance.now();
    if (queued.tenant_count !== timing.tenants) throw new Error(`execute counted ${queued.tenant_count} tenants, the facility holds ${timing.tenants}`);
    let result: { tenant_count?: number } | null = null;
    let writtenAt: number | null = null;
    let verifiedAt: number | null = null;
    for (;;) {
      if (performance.now() - started > ARCHIVE_GIVE_UP_MS) throw new Error(`job ${queued.job_id} not done after ${ARCHIVE_GIVE_UP_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
      const job = ok(`GET /api/jobs/${queued.job_id}`, await send({ method: 'GET', path: `/api/jobs/${queued.job_id}`, headers: headersOf(token) })) as
        { status: string; error: string | null; progress: number; result: { tenant_count?: number } | null };
      if (writtenAt === null && job.progress >= WRITTEN_AT) writtenAt = performance.now();
      if (verifiedAt === null && job.progress >= VERIFIED_AT) verifiedAt = performance.now();
      if (job.status === 'failed') throw new Error(`job ${queued.job_id} failed: ${job.error}`);
      if (job.status === 'done') { result = job.result; break; }
    }
    const jobDone = performance.now();
    const link = ok('GET download-export', await send({
      method: 'GET', path: `/api/facility-archives/download-export?filename=${encodeURIComponent(queued.export_filename)}`, headers: headersOf(token),
    })) as { url: string };
    const linked = performance.now();
    timing.ms = linked - started;
    const phases = writtenAt !== null && verifiedAt !== null
      ? { writeMs: writtenAt - executed, verifyMs: verifiedAt - writtenAt, deleteMs: jobDone - verifiedAt }
      : null;
    timing.parts = { executeMs: executed - started, jobMs: jobDone - executed, linkMs: linked - jobDone, phases };
    timing.exportFilename = queued.export_filename;

    // Checked, untimed: the link gives the workbook (an xlsx is a zip: 'PK'), every tenant is gone.
    if (result?.tenant_count !== timing.tenants) throw new Error(`the job archived ${String(result?.tenant_count)} of ${timing.tenants} tenants`);
    const file = await fetch(link.url);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (file.status !== 200 || bytes.subarray(0, 2).toString() !== 'PK') throw new Error(`the link answered ${file.status} with ${bytes.length} bytes that are not a workbook`);
    timing.exportBytes = bytes.length;
    const left = (await getFacilityCounters(facility.id)).total;
    if (left !== 0) throw new Error(`facility ${facility.number} still counts ${left} tenants after its archive`);
  } catch (err) {
    timing.error = (err as Error).message;
    timing.ms = null;
  }
  return timing;
}

export const archiveSummary = (a: FacilityArchiveTiming): string => (a.error
  ? `facility ${a.facilityNumber}: FAIL ${a.error}`
  : `facility ${a.facilityNumber} (${a.tenants.toLocaleString('en-US')} tenants, ${a.cycles} cycles): ${(a.ms! / 1000).toFixed(1)} s `
    + `(execute ${a.parts!.executeMs.toFixed(0)} ms, job ${(a.parts!.jobMs / 1000).toFixed(1)} s${phasesText(a.parts!.phases)}, link ${a.parts!.linkMs.toFixed(0)} ms), export ${(a.exportBytes! / 1e6).toFixed(2)} MB`);

/** ': write 20.1 s, verify 6.0 s, delete 30.2 s', or nothing when the polls saw no phase's end (a job too quick). */
export const phasesText = (p: ArchivePhases | null): string =>
  (p ? `: write ${(p.writeMs / 1000).toFixed(1)} s, verify ${(p.verifyMs / 1000).toFixed(1)} s, delete ${(p.deleteMs / 1000).toFixed(1)} s` : '');
