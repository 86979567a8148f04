/**
 * POST /api/tenants/setup-policies (spec tenants-letters-users §7 'Import and policy setup'): a cycle's
 * selection set up in StorEdge as a job of batches of 5 (storedge-setup.ts), in the facility-software
 * API group. Every refusal of the program (no plan, tagged, set up already, another software, a plan
 * without StorEdge's id, ledgers not of the cycle) is a 4xx before anything is queued; a refusal of
 * StorEdge is on the tenant and its batch.
 */
import { randomUUID } from 'node:crypto';
import { POLICY_SETUP_CONTRACTS, STOREDGE_SETUP_BATCH_SIZE } from '../../shared/contracts/policy-setup';
import type { SetupBatch } from '../../shared/contracts/policy-setup';
import { getCycle } from '../cycles/cycle-store';
import { getFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { enqueueJob } from '../jobs/job-store';
import { HttpError, notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { writeBy } from '../tenants/tenant-changes';
import { ledgersOfFacility } from '../tenants/tenant-list';
import { getTenants } from '../tenants/tenant-store';
import type { TenantRecord } from '../tenants/tenant-store';
import { refuseAny, requireSoftware } from './setup-checks';
import { SETUP_JOB_TYPES, SETUP_QUEUE } from './setup-job-types';
import type { SetupJobInput } from './setup-job-types';

/** The cycle's tenants of these ledgers, in the order sent; any ledger not of the cycle refuses the call. */
async function tenantsOfLedgers(cycleId: string, facility: FacilityRecord, cycleLabel: string, ledgerIds: readonly string[]): Promise<TenantRecord[]> {
  const key = (id: string) => id.trim().toLowerCase();
  const ofCycle = new Map((await ledgersOfFacility(facility.id)).filter((t) => t.cycle_id === cycleId).map((t) => [key(t.ledger_id), t.id]));
  const missing = ledgerIds.filter((id) => !ofCycle.has(key(id)));
  if (missing.length) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ` and ${missing.length - 10} more` : '');
    throw new HttpError(422, `${missing.length === 1 ? 'Ledger' : `${missing.length} ledgers`} ${shown} ${missing.length === 1 ? 'is' : 'are'} not of cycle ${cycleLabel} of facility ${facility.facility_number}. Nothing was set up.`,
      { field: 'ledger_ids', details: missing.map((id) => ({ ledger_id: id, message: 'Not a ledger of this cycle.' })) });
  }
  const ids = ledgerIds.map((id) => ofCycle.get(key(id))!);
  const tenants = await getTenants(ids);
  if (tenants.length !== ids.length) throw new HttpError(409, 'Some of these tenants were just removed. Reload and try again; nothing was set up.');
  return tenants;
}

export const storEdgeSetupRoutes = {
  'POST /api/tenants/setup-policies': implement(POLICY_SETUP_CONTRACTS['POST /api/tenants/setup-policies'], async (input) => {
    const caller = requireCaller(input);
    const { cycle_id: cycleId, ledger_ids: ledgerIds } = input.body;
    const cycle = await getCycle(cycleId);
    if (!cycle) throw notFound(`Cycle ${cycleId} does not exist.`);
    const facility = await getFacility(cycle.facility_id);
    if (!facility) throw notFound(`Cycle ${cycle.label}'s facility no longer exists.`);
    requireSoftware(facility, 'storedge');
    const tenants = await tenantsOfLedgers(cycle.id, facility, cycle.label, ledgerIds);
    refuseAny(tenants, facility, 'storedge', 'ledger_ids');
    const batches: SetupJobInput['batches'] = [];
    for (let i = 0; i < tenants.length; i += STOREDGE_SETUP_BATCH_SIZE) {
      const slice = tenants.slice(i, i + STOREDGE_SETUP_BATCH_SIZE);
      batches.push({ ledger_ids: slice.map((t) => t.ledger_id.trim()), tenant_ids: slice.map((t) => t.id) });
    }
    const shown: SetupBatch[] = batches.map((b) => ({ ledger_ids: b.ledger_ids, state: 'waiting', error: null }));
    const jobInput: SetupJobInput = { facility_id: facility.id, facility_number: facility.facility_number, cycle_id: cycle.id, batches, by: writeBy(caller, '').actor };
    const job = await enqueueJob({
      id: randomUUID(), queue: SETUP_QUEUE, type: SETUP_JOB_TYPES.storedge, createdBy: caller.user.id, facilityId: facility.id,
      input: { ...jobInput }, state: { batches: shown },
    });
    return { body: { job_id: job.id, batches: shown } };
  }),
};
