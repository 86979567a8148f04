/**
 * POST /api/tenants/setup-policy (spec tenants-letters-users §7): one tenant set up in SiteLink, answered
 * when done, in an API group of its own (policy-setup) so the SiteLink client stays out of the
 * facility-software bundle. The program's refusals are a 4xx; SiteLink's are `{success: false}` with the
 * message, which is also stored on the tenant.
 */
import { POLICY_SETUP_CONTRACTS } from '../../shared/contracts/policy-setup';
import { getCycle } from '../cycles/cycle-store';
import { getFacility } from '../facilities/facility-store';
import { notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { writeBy } from '../tenants/tenant-changes';
import { requireTenant } from '../tenants/tenant-store';
import { programToday } from '../program/program-settings';
import { refuseAny, requireSoftware } from './setup-checks';
import { chosenOption, policyNumberOf, softwarePlanId, startDateOf } from './setup-rules';
import { setupSiteLinkTenant } from './sitelink-setup';

export const siteLinkSetupRoutes = {
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

};
