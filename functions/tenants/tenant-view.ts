/**
 * A tenant as the screens show it (shared/contracts/tenants.ts tenantView): the record plus what its
 * cycle (label, active) and facility (software) say, read once per page for all its rows; and a
 * tenant's history as its reader may see it.
 *
 * The one place that decides what a reader sees of a tenant (security issue 23): the access code, with
 * the ZIP code of the address, is the tenant's whole sign-in to the response portal, so only staff read
 * it (Tenant Accounts, Edit Tenant, the letters). A facility manager's every answer (its lists, the
 * tenant its edit answers, the history, its export) is projected here without it.
 */
import type { HistoryEntry, TenantView } from '../../shared/contracts/tenants';
import { readTogether } from '../aws/batch-get';
import type { ItemRead } from '../aws/batch-get';
import { cycleKey } from '../cycles/cycle-store';
import { facilityKey } from '../facilities/facility-store';
import type { Caller } from '../runtime/route';
import { isAddressIncomplete } from './tenant-record';
import type { TenantRecord } from './tenant-record';

/** Who reads: staff (admin, monitor) see a tenant's access code; a facility manager never does. */
export type TenantReader = 'staff' | 'manager';

export const readerOf = (caller: Caller): TenantReader =>
  (caller.permissions.includes('admin') || caller.permissions.includes('monitor') ? 'staff' : 'manager');

interface Context { reader: TenantReader; cycles: Map<string, { label: string; archived_at: string | null }>; software: Map<string, string> }

/** The labels and software of the cycles and facilities of these tenants (one projected read of their records), for this reader. */
export async function contextOf(tenants: readonly TenantRecord[], reader: TenantReader): Promise<Context> {
  const [context] = await readTogether(contextRead(tenants, reader));
  return context;
}

/** contextOf as a read to go with others (readTogether). */
export function contextRead(tenants: readonly TenantRecord[], reader: TenantReader): ItemRead<Context> {
  const cycleKeys = [...new Set(tenants.map((t) => t.cycle_id))].map(cycleKey);
  const facilityKeys = [...new Set(tenants.map((t) => t.facility_id))].map(facilityKey);
  return {
    keys: [...cycleKeys, ...facilityKeys],
    attributes: ['id', 'label', 'archived_at', 'software'],
    answer: (found) => {
      const cycles = cycleKeys.flatMap((key) => found.get(key) ?? []);
      const facilities = facilityKeys.flatMap((key) => found.get(key) ?? []);
      return {
        reader,
        cycles: new Map(cycles.map((c) => [c.id as string, { label: (c.label as string) ?? '', archived_at: (c.archived_at as string | null) ?? null }])),
        software: new Map(facilities.map((f) => [f.id as string, (f.software as string) ?? ''])),
      };
    },
  };
}

export function viewOf(t: TenantRecord, context: Context): TenantView {
  const cycle = context.cycles.get(t.cycle_id);
  return {
    id: t.id, facility_id: t.facility_id, facility_number: t.facility_number, software: context.software.get(t.facility_id) ?? '',
    cycle_id: t.cycle_id, cycle_label: cycle?.label ?? '', cycle_is_active: cycle ? !cycle.archived_at : false,
    first_name: t.first_name, last_name: t.last_name, email: t.email, address: t.address, city: t.city, state: t.state,
    zip_code: t.zip_code, country: t.country, unit: t.unit, units: (t.units.length ? t.units : [t.unit]).map((identifier) => ({ identifier })),
    move_in_date: t.move_in_date, billing_date: t.billing_date, billing_anniversary: isBillingAnniversary(t) ? 1 : 0,
    charge_apply_date: t.charge_apply_date, charge_applied_date: t.charge_applied_date, charge_confirmed_date: t.charge_confirmed_date,
    payment_confirmed_date: t.payment_confirmed_date, setup_insurance_date: t.setup_insurance_date, setup_via_api: t.setup_via_api,
    api_confirmed: t.api_confirmed, insurance_effective_date: t.insurance_effective_date,
    original_insurance_effective_date: t.original_insurance_effective_date, status: t.status, tenant_made_selection: t.tenant_made_selection,
    coverage_id: t.coverage_id, tagged_for_removal: t.tagged_for_removal, note: t.note, note_created: t.note_created,
    monitor_note: t.monitor_note, welcome_letter_sent_date: t.welcome_letter_sent_date,
    welcome_certificate_emailed_date: t.welcome_certificate_emailed_date, initial_letter_sent_date: t.initial_letter_sent_date,
    reminder_letter_sent_date: t.reminder_letter_sent_date, ledger_id: t.ledger_id, insur_ledger_id: t.insur_ledger_id,
    ...(context.reader === 'staff' ? { access_code: t.access_code } : {}), policy_number: t.policy_number,
    policy_errors_date_logged: t.policy_errors_date_logged, policy_errors_error_message: t.policy_errors_error_message, provided_proof_date: t.provided_proof_date, proof_expiry_date: t.proof_expiry_date, opt_out_date: t.opt_out_date,
    move_out_date: t.move_out_date, bad_address_date: t.bad_address_date, incomplete_address: isAddressIncomplete(t), updated_at: t.updated_at,
  };
}

/**
 * Billing anniversary (spec §2 'anniversary icon'): the tenant is billed on the day of the month it
 * moved in, rather than on the first (docs/decisions.md "Tenants").
 */
function isBillingAnniversary(t: TenantRecord): boolean {
  if (!t.billing_date || !t.move_in_date) return false;
  return t.billing_date.slice(8, 10) === t.move_in_date.slice(8, 10) && t.billing_date.slice(8, 10) !== '01';
}

export async function viewsOf(tenants: readonly TenantRecord[], reader: TenantReader): Promise<TenantView[]> {
  const context = await contextOf(tenants, reader);
  return tenants.map((t) => viewOf(t, context));
}

/**
 * A tenant's history for this reader. A manager reads no access code (a write that gave the tenant a new
 * one, such as the access-code migration, keeps its entry without that change) and not the address a
 * portal answer came from (the tenant's, for staff answering a dispute).
 */
export function historyFor(entries: readonly HistoryEntry[], reader: TenantReader): HistoryEntry[] {
  if (reader === 'staff') return [...entries];
  return entries.map((e) => {
    const { sign_in: signIn, ...entry } = e;
    return {
      ...entry,
      changes: e.changes.filter((c) => c.field !== 'access_code'),
      ...(signIn ? { sign_in: { ...signIn, address: null } } : {}),
    };
  });
}
