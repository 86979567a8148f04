/**
 * Check Charges (spec §7 'GET /api/facilities/{id}/check-charges'): the call queues a job on the server
 * (the facility software is asked about every tenant of the facility, docs/decisions.md "Check
 * Charges"); the modal waits for it like every job (jobs/wait-for-job) and reads its result.
 */
import { chargeCheckResult } from '../../../shared/contracts/policy-setup';
import type { ConfirmedCharge } from '../../../shared/contracts/policy-setup';
import type * as z from 'zod';
import { call } from '../api/client';
import { waitForJob } from '../jobs/wait-for-job';

export type ChargeCheckResult = z.output<typeof chargeCheckResult>;

/** Starts the check of a facility and waits for it; null when nobody waits any more (the modal closed). */
export async function checkCharges(facilityId: string, wanted: () => boolean): Promise<ChargeCheckResult | null> {
  const { job_id } = await call('GET /api/facilities/{id}/check-charges', { params: { id: facilityId } });
  const done = await waitForJob(job_id, {
    onProgress: () => undefined, wanted,
    failed: 'The facility software could not be asked.', slow: 'The facility software is taking too long to answer. Try again in a few minutes.',
  });
  return done ? chargeCheckResult.parse(done.result) : null;
}

/** Spec: 'last, first', or the first name only when there is no last name. */
export const tenantNameOf = (t: Pick<ConfirmedCharge, 'first_name' | 'last_name'>): string => (t.last_name ? `${t.last_name}, ${t.first_name}` : t.first_name);

/** Spec: the update icon shows when the effective date differs from an original that is not null. */
export const dateWasUpdated = (t: Pick<ConfirmedCharge, 'insurance_effective_date' | 'original_insurance_effective_date'>): boolean =>
  t.original_insurance_effective_date !== null && t.insurance_effective_date !== t.original_insurance_effective_date;
