/**
 * The two setup calls (spec tenants-letters-users §7 'Import and policy setup'), in the facility-software
 * API group with the other calls that talk to SiteLink and StorEdge:
 *   POST /api/tenants/setup-policy    one tenant in SiteLink, answered when done
 *   POST /api/tenants/setup-policies  a cycle's selection in StorEdge, a job of batches of 5
 * Every refusal of the program (no plan, tagged, set up already, another software, a plan without the
 * software's coverage id, ledgers not of the cycle) is a 4xx before any software is asked; a refusal of
 * the software is on the tenant and in the answer (SiteLink) or the batch (StorEdge).
 */
import { randomUUID } from 'node:crypto';
import { POLICY_SETUP_CONTRACTS, STOREDGE_SETUP_BATCH_SIZE } from '../../shared/contracts/policy-setup';
import type { SetupBatch, SetupSoftware } from '../../shared/contracts/policy-setup';
import { getCycle } from '../cycles/cycle-store';
import { getFacility } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { enqueueJob } from '../jobs/job-store';
import { FAMILY_OF_SOFTWARE, labelOfSoftware } from '../letters/ledger-scope';
import { HttpError, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { writeBy } from '../tenants/tenant-changes';
import { ledgersOfFacility } from '../tenants/tenant-list';
import { getTenants, requireTenant } from '../tenants/tenant-store';
import type { TenantRecord } from '../tenants/tenant-store';
import { programToday } from './program-today';
import { SETUP_JOB_TYPES, SETUP_QUEUE } from './setup-job-types';
import type { SetupJobInput } from './setup-job-types';
import { chosenOption, policyNumberOf, setupRefusal, softwarePlanId, startDateOf } from './setup-rules';
import { setupSiteLinkTenant } from './sitelink-setup';

/** The facility runs this software family, or a 422 saying what it runs. */
function requireSoftware(facility: FacilityRecord, software: SetupSoftware): void {
  if (FAMILY_OF_SOFTWARE[facility.software.trim()] === software) return;
  const runs = facility.software.trim() ? labelOfSoftware(facility.software.trim()) : 'no software';
  throw unprocessable(`Facility ${facility.facility_number} uses ${runs}, not ${labelOfSoftware(software)}.`, 'software');
}

/** Refuses the whole call when any tenant may not be set up, naming each (nothing asked, nothing changed). */
function refuseAny(tenants: readonly TenantRecord[], facility: FacilityRecord, software: SetupSoftware, field: string): void {
  const refused = tenants.flatMap((t) => {
    const why = setupRefusal(t, facility.coverages, software, facility.facility_number);
    return why ? [{ id: t.id, ledger_id: t.ledger_id, message: why }] : [];
  });
  if (refused.length === 0) return;
  const first = refused[0]!.message;
  const message = tenants.length === 1 ? first : `${refused.length} of ${tenants.length} tenants cannot be set up: ${first}${refused.length > 1 ? ' (and others)' : ''} Nothing was set up.`;
  throw new HttpError(422, message, { field, details: refused });
}

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

export const setupRoutes = {
  'POST /api/tenants/setup-policy': implement(POLICY_SETUP_CONTRACTS['POST /api/tenants/setup-policy'], async (input) => {
    const caller = requireCaller(input);
    const tenant = await requireTenant(input.body.tenant_id);
    const [facility, cycle, today] = await Promise.all([getFacility(tenant.facility_id), getCycle(tenant.cycle_id), programToday()]);
    if (!facility) throw notFound('This tenant\'s facility no longer exists.');
    requireSoftware(facility, 'sitelink');
    refuseAny([tenant], facility, 'sitelink', 'tenant_id');
    const planId = softwarePlanId(chosenOption(tenant, facility.coverages)!, 'sitelink')!;
    const outcome = await setupSiteLinkTenant({
      tenant, facility, planId, today, by: writeBy(caller, '').actor,
      policyNumber: policyNumberOf(facility.facility_number, tenant.ledger_id), startDate: startDateOf(tenant, cycle, today),
    });
    return {
      body: outcome.ok
        ? { success: true as const, tenant_id: tenant.id, policy_number: outcome.policy_number, setup_insurance_date: today }
        : { success: false as const, tenant_id: tenant.id, error_message: outcome.message },
    };
  }),

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
