/**
 * The StorEdge setup job (docs/decisions.md "Policy setup"): the selection's batches of 5, one after
 * another in order. Each batch claims its tenants' setups, reads the 5 ledgers in one call, adds the plan
 * (PUT /v1/{facility}/ledgers/{id}, concurrently within the batch) to those not carrying it, then writes
 * the tenants. A batch the software fails as a whole (down, timing out past its tries) is marked error
 * with the message, its tenants carry it as their last error, and the next batch goes on. Each batch's
 * state is reported on the job (`state.batches`, shared/contracts/policy-setup.ts setupBatchesState), so a
 * redelivered message resumes after the last batch finished, and the ledger read and the claims keep a
 * batch worked twice from writing twice.
 */
import type { SetupBatch, SetupBatchesState } from '../../shared/contracts/policy-setup';
import { setupBatchesState } from '../../shared/contracts/policy-setup';
import { getCycle } from '../cycles/cycle-store';
import { ExternalSystemError } from '../external/errors';
import { timeoutFromEnv } from '../external/http';
import { externalEnv } from '../external/secret-settings';
import { StorEdgeClient } from '../external/storedge-client';
import type { StorEdgeLedger } from '../external/storedge-client';
import { getFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { JobRefused } from '../jobs/job-refused';
import { programToday } from '../program/program-settings';
import { logger } from '../runtime/logger';
import type { JobRunContext, JobRunner } from '../runtime/worker';
import { getTenants } from '../tenants/tenant-store';
import type { TenantRecord } from '../tenants/tenant-store';
import { carriedWrite, claimSetup, markWritten } from './setup-claims';
import type { Claimed } from './setup-claims';
import { recordOutcomes } from './setup-outcomes';
import type { SetupOutcome, TenantOutcome } from './setup-outcomes';
import { chosenOption, isSetUp, setupRefusal, softwarePlanId, startDateOf } from './setup-rules';
import { setupJobInput } from './setup-job-types';
import type { SetupJobInput } from './setup-job-types';
import { SOFTWARE_TRIES, backoff, deadlineIn, failureMessage, isTransient, withRetries } from './software-calls';
import type { Deadline } from './software-calls';

/** A batch's claims outlive its work; a crashed run's claims lapse long before SQS redelivers (360 s). */
const LEASE_MS = 120_000;
/** A batch gives up its tries after this, so one dead facility software cannot hold the job for long. */
const BATCH_BUDGET_MS = 45_000;

interface BatchContext {
  client: StorEdgeClient;
  /** The client's timeout: a try is started only while one more call fits in the batch's budget. */
  callMs: number;
  facility: FacilityRecord;
  cycle: { letter_effective_date: string | null } | null;
  today: string;
  by: SetupJobInput['by'];
}

const ledgerKey = (id: string) => id.trim().toLowerCase();

/** What the ledger says about this tenant's setup: done already, cannot be done, or to write. */
function readLedger(ledger: StorEdgeLedger | undefined, t: TenantRecord, planId: string, c: BatchContext): SetupOutcome | 'write' {
  const id = t.ledger_id.trim();
  if (!ledger) return { ok: false, message: `Ledger ${id} was not found at facility ${c.facility.facility_number} in StorEdge.` };
  const insurance = ledger.insurance;
  if (insurance?.invoiceable_item_id === planId) {
    return { ok: true, policy_number: insurance.policy_number ?? '', start_date: insurance.start_date ?? startDateOf(t, c.cycle, c.today) };
  }
  if (ledger.move_out_date && ledger.move_out_date <= c.today) return { ok: false, message: `Ledger ${id} moved out on ${ledger.move_out_date} in StorEdge.` };
  if (insurance?.invoiceable_item_id) {
    return { ok: false, message: `Ledger ${id} already carries StorEdge insurance item ${insurance.invoiceable_item_id}, not the chosen plan (${planId}); change it in StorEdge.` };
  }
  return 'write';
}

/** One tenant's write: a transient failure asks the ledger again before writing again. */
async function writeOne(t: TenantRecord, planId: string, owner: string, c: BatchContext, deadline: Deadline): Promise<SetupOutcome> {
  const startDate = startDateOf(t, c.cycle, c.today);
  const failed = (err: unknown): SetupOutcome => ({ ok: false, message: failureMessage(err, c.facility.facility_number) });
  for (let round = 1; ; round += 1) {
    try {
      const ledger = await c.client.addInsurance(c.facility.facility_number, t.ledger_id.trim(), { invoiceable_item_id: planId, start_date: startDate });
      const sent = { policy_number: ledger.insurance?.policy_number ?? '', start_date: ledger.insurance?.start_date ?? startDate };
      await markWritten(t, owner, sent);
      return { ok: true, ...sent };
    } catch (err) {
      if (!isTransient(err) || round >= SOFTWARE_TRIES || !deadline.fits(c.callMs * 2)) return failed(err);
      logger.warn('StorEdge insurance write failed; asking the ledger again', { ledger: t.ledger_id, round, failure: err.failure, detail: err.detail });
      await backoff(round);
    }
    try {
      const [again] = await withRetries('ledgers', () => c.client.ledgers(c.facility.facility_number, [t.ledger_id.trim()]), deadline, c.callMs);
      const seen = readLedger(again, t, planId, c);
      if (seen !== 'write') return seen;
    } catch (err) {
      return failed(err);
    }
  }
}

/** A batch whose software work is done: each tenant's outcome, and the failure of the batch as a whole. */
interface WorkedBatch { outcomes: TenantOutcome[]; batchError: string | null }

/** One batch's software work: claims, one ledgers read, the writes (concurrently). The tenants are written by settleBatch. */
async function workBatch(tenants: readonly TenantRecord[], c: BatchContext): Promise<WorkedBatch> {
  const deadline = deadlineIn(BATCH_BUDGET_MS);
  const outcomes: TenantOutcome[] = [];
  const toAsk: { t: TenantRecord; planId: string; claim: Claimed }[] = [];
  await Promise.all(tenants.map(async (t) => {
    // Set up meanwhile (by another job, a sync or staff): nothing to do.
    if (isSetUp(t)) return;
    const option = chosenOption(t, c.facility.coverages);
    const planId = option ? softwarePlanId(option, 'storedge') : null;
    const claim = await claimSetup(t, planId ?? '', LEASE_MS);
    if ('held' in claim) {
      outcomes.push({ tenant: t, owner: null, outcome: { ok: false, message: 'Being set up by another run.' } });
      return;
    }
    // What the route checked may have changed since it queued the job (tagged, plan changed).
    const refusal = setupRefusal(t, c.facility.coverages, 'storedge', c.facility.facility_number);
    if (refusal || !planId) {
      outcomes.push({ tenant: t, owner: claim.owner, outcome: { ok: false, message: refusal ?? 'No StorEdge plan.' } });
      return;
    }
    const carried = carriedWrite(claim, planId);
    if (carried) outcomes.push({ tenant: t, owner: claim.owner, outcome: { ok: true, ...carried } });
    else toAsk.push({ t, planId, claim });
  }));

  let batchError: string | null = null;
  if (toAsk.length > 0) {
    let ledgers: Map<string, StorEdgeLedger> | null = null;
    try {
      const read = await withRetries('ledgers', () => c.client.ledgers(c.facility.facility_number, toAsk.map((a) => a.t.ledger_id.trim())), deadline, c.callMs);
      ledgers = new Map(read.map((l) => [ledgerKey(l.id), l]));
    } catch (err) {
      batchError = failureMessage(err, c.facility.facility_number);
      logger.warn('StorEdge ledgers read failed for a setup batch', { facility_number: c.facility.facility_number, error: err as Error });
    }
    const results = await Promise.all(toAsk.map(async ({ t, planId, claim }): Promise<TenantOutcome> => {
      if (!ledgers) return { tenant: t, owner: claim.owner, outcome: { ok: false, message: batchError! } };
      const seen = readLedger(ledgers.get(ledgerKey(t.ledger_id)), t, planId, c);
      const outcome = seen === 'write' ? await writeOne(t, planId, claim.owner, c, deadline) : seen;
      return { tenant: t, owner: claim.owner, outcome };
    }));
    outcomes.push(...results);
  }
  return { outcomes, batchError };
}

/** Writes a worked batch's tenants (history, counters, claims settled) and answers the batch's state. */
async function settleBatch({ outcomes, batchError }: WorkedBatch, c: BatchContext): Promise<{ batch: Omit<SetupBatch, 'ledger_ids'>; setUp: number; failed: number }> {
  await recordOutcomes('storedge', outcomes, c.by, c.today);
  const failures = outcomes.filter((o) => !o.outcome.ok);
  const setUp = outcomes.length - failures.length;
  if (batchError) return { batch: { state: 'error', error: batchError }, setUp, failed: failures.length };
  if (failures.length) {
    const first = failures[0]!.outcome as { message: string };
    const error = failures.length === 1 ? `1 tenant was not set up: ${first.message}` : `${failures.length} tenants were not set up: ${first.message} (and others)`;
    return { batch: { state: 'error', error }, setUp, failed: failures.length };
  }
  return { batch: { state: 'complete', error: null }, setUp, failed: 0 };
}

/** The batches as the job last reported them (a redelivery resumes from there), else all waiting. */
function batchesOf(ctx: JobRunContext, input: SetupJobInput): SetupBatch[] {
  const reported = setupBatchesState.safeParse(ctx.job.state ?? null);
  if (reported.success && reported.data.batches.length === input.batches.length) return reported.data.batches;
  return input.batches.map((b) => ({ ledger_ids: b.ledger_ids, state: 'waiting', error: null }));
}

async function storEdgeSetup(ctx: JobRunContext): Promise<Record<string, unknown>> {
  const input = setupJobInput.parse(ctx.job.input);
  const [facility, cycle, today] = await Promise.all([getFacility(input.facility_id), getCycle(input.cycle_id), programToday()]);
  if (!facility) throw new JobRefused(`Facility ${input.facility_number} no longer exists.`);
  let client: StorEdgeClient;
  let callMs: number;
  try {
    const env = await externalEnv('storedge');
    client = StorEdgeClient.fromEnv(env);
    callMs = timeoutFromEnv(env);
  } catch (err) {
    if (err instanceof ExternalSystemError) throw new JobRefused(failureMessage(err, facility.facility_number));
    throw err;
  }
  const c: BatchContext = { client, callMs, facility, cycle, today, by: input.by };
  const batches = batchesOf(ctx, input);
  const report = () => ctx.report({ batches } satisfies SetupBatchesState);
  let setUp = 0;
  let failed = 0;
  const open = [...input.batches.keys()].filter((i) => batches[i]!.state !== 'complete' && batches[i]!.state !== 'error');
  /*
   * A pipeline, so a 300-tenant job is not 60 times every round trip: while batch N's tenants are written
   * (settled), batch N+1's software work runs, and batch N+2's tenants are read. The software calls stay
   * one batch after another in order; a batch is reported complete only once its tenants are written, so
   * a redelivered job resumes at the first batch not settled (its claims keep it from writing twice).
   */
  let settling: Promise<void> = Promise.resolve();
  const settle = (i: number, worked: WorkedBatch) => settleBatch(worked, c).then(async (done) => {
    setUp += done.setUp;
    failed += done.failed;
    batches[i] = { ...batches[i]!, ...done.batch };
    // The report also shows the batch being worked meanwhile as loading.
    await Promise.all([report(), ctx.progress(((i + 1) / input.batches.length) * 100, { batches: i + 1, set_up: setUp, failed })]);
  });
  // A promise awaited only later is marked handled meanwhile (no unhandled rejection); awaiting it still throws.
  const later = <T>(p: Promise<T>): Promise<T> => {
    p.catch(() => undefined);
    return p;
  };
  let reading = open.length ? later(getTenants(input.batches[open[0]!]!.tenant_ids)) : null;
  for (const [k, i] of open.entries()) {
    batches[i] = { ...batches[i]!, state: 'loading', error: null };
    if (k === 0) await report();
    const tenants = await reading!;
    const next = open[k + 1];
    reading = next === undefined ? null : later(getTenants(input.batches[next]!.tenant_ids));
    // Both awaited together: a failure of either fails the run (SQS tries it again), neither is left unhandled.
    const [worked] = await Promise.all([workBatch(tenants, c), settling]);
    settling = later(settle(i, worked));
  }
  await Promise.all([settling, reading]);
  logger.info('StorEdge setup job done', { facility_number: facility.facility_number, batches: batches.length, set_up: setUp, failed });
  return { set_up: setUp, failed, batches: batches.length, batches_failed: batches.filter((b) => b.state === 'error').length };
}

export const setupRunners: Record<string, JobRunner> = { 'storedge-setup': storEdgeSetup };
