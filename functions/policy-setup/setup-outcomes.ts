/**
 * What a setup ends with, written on the tenants through the tenant store (history with the caller as
 * actor, counters: a tenant set up leaves requires_setup), and on the idempotency records: a success is
 * `done`, a failure releases its claim.
 */
import type { POLICY_SOFTWARE } from '../../shared/metrics';
import { HttpError } from '../runtime/http-error';
import { recordMetric } from '../runtime/metrics';
import { getTenants, saveTenants } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { markDone, releaseSetup } from './setup-claims';
import { failureChanges, setUpChanges } from './setup-rules';

export type SetupOutcome =
  | { ok: true; policy_number: string; start_date: string }
  | { ok: false; message: string };

export interface TenantOutcome {
  tenant: TenantRecord;
  /** The claim this run holds on the tenant's setup (none: another run holds it, nothing is written). */
  owner: string | null;
  outcome: SetupOutcome;
}

/** The software a setup writes to, as the metrics name it. */
export type PolicySoftware = (typeof POLICY_SOFTWARE)[number];

/** History actions: a setup, and a failed try (its message on the tenant). */
export const SETUP_ACTIONS = { setUp: 'policy_setup', failed: 'policy_setup_failed' } as const;

function changesOf(o: TenantOutcome, today: string): TenantChanges {
  return o.outcome.ok ? setUpChanges(o.tenant, o.outcome.policy_number, today, o.outcome.start_date) : failureChanges(o.outcome.message);
}

/**
 * Writes the outcomes (all in one go, as the tenant store's all-or-none writes; a tenant someone changed
 * meanwhile is read again and written once more on what is stored now), then settles the claims.
 * Answers the saved tenants by id.
 */
export async function recordOutcomes(
  software: PolicySoftware, outcomes: readonly TenantOutcome[], by: TenantWrite['actor'], today: string,
): Promise<Map<string, TenantRecord>> {
  const mine = outcomes.filter((o) => o.owner !== null);
  if (mine.length === 0) return new Map();
  const successes = mine.filter((o) => o.outcome.ok);
  const failures = mine.filter((o) => !o.outcome.ok);
  const saved = new Map<string, TenantRecord>();
  const save = async (outcomesToWrite: readonly TenantOutcome[], action: string) => {
    let list = outcomesToWrite;
    let current = list.map((o) => o.tenant);
    for (let attempt = 1; ; attempt += 1) {
      if (list.length === 0) return;
      try {
        const out = await saveTenants(list.map((o, i) => ({ current: current[i]!, changes: changesOf({ ...o, tenant: current[i]! }, today) })), { actor: by, action });
        for (const t of out) saved.set(t.id, t);
        return;
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 409) || attempt >= 3) throw err;
        // Someone edited one of them meanwhile (nothing was written): again on what is stored now.
        // A tenant deleted meanwhile is not written.
        const fresh = new Map((await getTenants(list.map((o) => o.tenant.id))).map((t) => [t.id, t]));
        list = list.filter((o) => fresh.has(o.tenant.id));
        current = list.map((o) => fresh.get(o.tenant.id)!);
      }
    }
  };
  await save(successes, SETUP_ACTIONS.setUp);
  recordMetric('PolicySetupsSucceeded', successes.length, software);
  await save(failures, SETUP_ACTIONS.failed);
  recordMetric('PolicySetupsFailed', failures.length, software);
  await Promise.all(mine.map((o) => (o.outcome.ok ? markDone(o.tenant, o.owner!) : releaseSetup(o.tenant, o.owner!))));
  return saved;
}
