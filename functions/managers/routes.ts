/**
 * The manager home panel 'Your facility' (spec facilities-cycles-shell §2 Manager home panel): the
 * caller's own facility, its maintained stats and its cycles; and the manager's tenant calls (tagging,
 * tenant edits, charges: functions/tenants/manager-routes.ts).
 */
import { MANAGER_CONTRACTS } from '../../shared/contracts/dashboard';
import { cycleViewOf, cyclesOfFacility } from '../cycles/cycle-store';
import { getFacility, getFacilityCounters } from '../facilities/facility-store';
import { facilityStatsOf } from '../program/counters';
import { notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import { managerTenantRoutes } from '../tenants/manager-routes';

export const managerRoutes = {
  ...managerTenantRoutes,
  'GET /api/managers/facility': implement(MANAGER_CONTRACTS['GET /api/managers/facility'], async (input) => {
    // The facility is always the caller's own: the route takes no id, so there is nothing to send for another.
    // Only an admin reaches this without owning a facility (the manager permission is owning one); admin
    // passes every guard (spec §6), so the answer is 'no such facility' (404), not a refusal.
    const facilityId = requireCaller(input).user.facility_id;
    if (!facilityId) throw notFound('You are not the owner of a facility. Please contact support.');
    const [facility, counters, cycles] = await Promise.all([getFacility(facilityId), getFacilityCounters(facilityId), cyclesOfFacility(facilityId)]);
    if (!facility) throw notFound('Your facility is no longer in the program. Please contact support.');
    return {
      body: {
        id: facility.id,
        facility_number: facility.facility_number,
        account_name: facility.account_name,
        address: facility.address,
        city: facility.city,
        state: facility.state,
        zip_code: facility.zip_code,
        phone: facility.phone,
        email: facility.email,
        software: facility.software,
        initial_letter_send_date: facility.initial_letter_send_date,
        reminder_letter_send_date: facility.reminder_letter_send_date,
        stats: facilityStatsOf(counters),
        cycles: cycles.map(({ cycle, counters: c }) => cycleViewOf(cycle, facility, c)),
      },
    };
  }),
};
