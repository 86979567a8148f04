/**
 * How a tenant write is described: who made it (the history's actor) and the response dates that go
 * with a status. Shared by the staff and manager routes and the ledger checks, apart from the route
 * modules so that a function importing these does not bundle the tenant lists.
 */
import type { TenantStatus } from '../../shared/contracts/tenants';
import type { Caller } from '../runtime/route';
import type { TenantChanges, TenantRecord, TenantWrite } from './tenant-store';

export const writeBy = (caller: Caller, action: string): TenantWrite => ({ actor: { user_id: caller.user.id, username: caller.user.username }, action });

/** A chosen coverage plan (any status that is not one of the keywords). */
export const isRealPlan = (status: string | null) => status !== null && !['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response'].includes(status);

/**
 * The response dates that go with a status: the new one's date set (to `date`, today in the program's
 * time zone, see `programToday`), the others cleared.
 */
export function statusChanges(status: TenantStatus | string, current: TenantRecord, date: string): TenantChanges {
  const keep = (field: keyof TenantRecord, on: boolean) => (on ? (current[field] as string | null) ?? date : null);
  const plan = isRealPlan(status === 'no_response' ? null : status);
  return {
    status: status === 'no_response' ? null : status,
    coverage_id: plan ? status : null,
    provided_proof_date: keep('provided_proof_date', status === 'provide_proof'),
    opt_out_date: keep('opt_out_date', status === 'opt_out'),
    move_out_date: keep('move_out_date', status === 'moved_out'),
    bad_address_date: keep('bad_address_date', status === 'bad_address'),
    ...(plan ? {} : { insurance_effective_date: null, charge_applied_date: null, charge_confirmed_date: null }),
  };
}
