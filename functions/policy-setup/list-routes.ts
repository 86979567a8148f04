/**
 * The Insurance Policy Management lists, in the tenants API group (they only read the program's tenants):
 *   GET /api/tenants/for-policy-setup     Setup Tenants, 100 a page
 *   GET /api/tenants/set-up-policies      List Setup Tenants, 100 a page
 *   GET /api/tenants/export-policy-setup  Setup Tenants as a workbook, a job
 * Which tenants each lists is in docs/decisions.md "Policy setup".
 */
import { PAGE_SIZE } from '../../shared/constants';
import { POLICY_SETUP_CONTRACTS } from '../../shared/contracts/policy-setup';
import { getFacilityByNumber } from '../facilities/facility-store';
import { EXPORT_JOB_TYPES, enqueueExport } from '../exports/export-jobs';
import { notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { programToday } from '../program/program-settings';
import { policySetupExportName } from './setup-export';
import type { PolicySetupExportInput } from './setup-export';
import { facilityForSetup, policySetupPage, setUpPage } from './setup-list';

export const policySetupListRoutes = {
  'GET /api/tenants/for-policy-setup': implement(POLICY_SETUP_CONTRACTS['GET /api/tenants/for-policy-setup'], async ({ query }) => {
    const facility = await facilityForSetup(query.facility_number, query.software);
    const perPage = query.per_page ?? PAGE_SIZE.tenants;
    return { body: await policySetupPage(facility, query, query.page ?? 1, perPage) };
  }),

  'GET /api/tenants/set-up-policies': implement(POLICY_SETUP_CONTRACTS['GET /api/tenants/set-up-policies'], async ({ query }) => {
    // A facility's list: program-wide there is no index of set-up tenants (docs/decisions.md "Policy setup").
    if (!query.facility_number) throw unprocessable('Enter a facility number to list its set-up tenants.', 'facility_number');
    const facility = await getFacilityByNumber(query.facility_number);
    if (!facility) throw notFound(`Facility ${query.facility_number} does not exist.`);
    return { body: await setUpPage(facility, query, query.page ?? 1, query.per_page ?? PAGE_SIZE.tenants) };
  }),

  'GET /api/tenants/export-policy-setup': implement(POLICY_SETUP_CONTRACTS['GET /api/tenants/export-policy-setup'], async (input) => {
    const caller = requireCaller(input);
    const { query } = input;
    const facility = await facilityForSetup(query.facility_number, query.software);
    const filters: PolicySetupExportInput['filters'] = { unit: query.unit, name: query.name, error_filter: query.error_filter };
    const queued = await enqueueExport({
      type: EXPORT_JOB_TYPES.policySetup, owner: { kind: 'staff' }, name: policySetupExportName(facility.facility_number, await programToday()),
      createdBy: caller.user.id, input: { facility_id: facility.id, filters },
    });
    return { body: queued };
  }),
};
