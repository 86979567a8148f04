/**
 * GET /api/facilities/{id}/check-charges (spec §7; the facility-software API group): checks the
 * facility and its software and queues the check as a job on the ledger-checks queue, whose worker
 * holds the SiteLink and StorEdge clients (charge-check-job.ts); it answers `{job_id}` at once. A
 * facility of 2,000 tenants is 10-20 calls to the software and some 40 transactions of writes: more
 * than a request should wait for (docs/decisions.md "Check Charges").
 */
import { randomUUID } from 'node:crypto';
import { POLICY_SETUP_CONTRACTS } from '../../shared/contracts/policy-setup';
import { getFacility } from '../facilities/facility-store';
import { enqueueJob } from '../jobs/job-store';
import { chargeCheckInput, LEDGER_JOB_TYPES, LEDGER_QUEUE } from '../letters/ledger-job-types';
import type { ChargeCheckInput } from '../letters/ledger-job-types';
import { FAMILY_OF_SOFTWARE, labelOfSoftware } from '../letters/ledger-scope';
import { notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { writeBy } from '../tenants/tenant-changes';

export const checkChargesRoutes = {
  'GET /api/facilities/{id}/check-charges': implement(POLICY_SETUP_CONTRACTS['GET /api/facilities/{id}/check-charges'], async (input) => {
    const caller = requireCaller(input);
    const facility = await getFacility(input.params.id);
    if (!facility) throw notFound('Facility not found.');
    if (facility.retired_at) throw unprocessable(`Facility ${facility.facility_number} is retired; its charges are not checked.`);
    const software = facility.software.trim();
    const family = FAMILY_OF_SOFTWARE[software];
    if (!family) {
      throw unprocessable(software
        ? `Facility ${facility.facility_number} uses ${labelOfSoftware(software)}; its charges cannot be checked through an API (only SiteLink and StorEdge have one).`
        : `Facility ${facility.facility_number} has no software set; its charges cannot be checked through an API.`);
    }
    const job: ChargeCheckInput = chargeCheckInput.parse({
      facility_id: facility.id, facility_number: facility.facility_number, family, by: writeBy(caller, '').actor,
    });
    const queued = await enqueueJob({
      id: randomUUID(), queue: LEDGER_QUEUE, type: LEDGER_JOB_TYPES.chargeCheck, createdBy: caller.user.id, facilityId: facility.id, input: { ...job },
    });
    return { body: { job_id: queued.id } };
  }),
};
