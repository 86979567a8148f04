/**
 * The staff Edit Tenant form (spec §2, §3): its values from a tenant, and the changes as the edit call's
 * body. Only changed fields are sent (with the version read), so an edit never rewrites what the user
 * did not touch (the access code is shown, not edited: the program gives it); dates go as 'YYYY-MM-DD HH:mm:ss' and units comma-separated (spec §7).
 */
import type { TenantView } from '../../../shared/contracts/tenants';
import type { StaffTenantFields } from './tenants-api';
import { unitsText } from './tenant-format';

export const TEXT_FIELDS = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['email', 'Email'],
  ['address', 'Address'],
  ['city', 'City'],
  ['zip_code', 'Zip Code'],
  ['country', 'Country'],
  ['unit', 'Unit'],
  ['units', 'Units'],
  ['ledger_id', 'Ledger ID'],
  ['insur_ledger_id', 'Insur Ledger ID'],
  ['policy_number', 'Policy Number'],
] as const;
export type TextField = (typeof TEXT_FIELDS)[number][0] | 'state' | 'note' | 'monitor_note';

export const DATE_FIELDS = [
  ['move_in_date', 'Move-In Date'],
  ['billing_date', 'Billing Date'],
  ['charge_apply_date', 'Charge Apply Date'],
  ['insurance_effective_date', 'Insurance Effective Date'],
  ['payment_confirmed_date', 'Payment Confirmed Date'],
] as const;
export type DateFieldName = (typeof DATE_FIELDS)[number][0];

export interface TenantFormValues {
  text: Record<TextField, string>;
  dates: Record<DateFieldName, string | null>;
  tagged_for_removal: boolean;
  charge_applied: boolean;
}

export function formValuesOf(t: TenantView): TenantFormValues {
  return {
    text: {
      first_name: t.first_name, last_name: t.last_name ?? '', email: t.email, address: t.address, city: t.city, state: t.state,
      zip_code: t.zip_code, country: t.country, unit: t.unit, units: unitsText({ unit: '', units: t.units }), ledger_id: t.ledger_id,
      insur_ledger_id: t.insur_ledger_id, policy_number: t.policy_number, note: t.note, monitor_note: t.monitor_note,
    },
    dates: {
      move_in_date: t.move_in_date, billing_date: t.billing_date, charge_apply_date: t.charge_apply_date,
      insurance_effective_date: t.insurance_effective_date, payment_confirmed_date: t.payment_confirmed_date,
    },
    tagged_for_removal: t.tagged_for_removal,
    charge_applied: Boolean(t.charge_applied_date),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checks the server makes too, with its words, so a slip is shown before saving. */
export function problemsOf(v: TenantFormValues): Partial<Record<TextField, string>> {
  const problems: Partial<Record<TextField, string>> = {};
  if (!v.text.first_name.trim()) problems.first_name = 'First name is required.';
  if (!v.text.unit.trim()) problems.unit = 'Unit is required.';
  if (v.text.email.trim() && !EMAIL.test(v.text.email.trim())) problems.email = 'Email must be a valid email address.';
  if (!/^(\d{5}(-\d{4})?)?$/.test(v.text.zip_code.trim())) problems.zip_code = 'Zip code must be 5 digits (or ZIP+4).';
  return problems;
}

const unitList = (s: string) => s.split(',').map((u) => u.trim()).filter(Boolean);

export function changesOf(t: TenantView, v: TenantFormValues): StaffTenantFields {
  const before = formValuesOf(t);
  const body: Record<string, unknown> = { updated_at: t.updated_at };
  for (const [name, value] of Object.entries(v.text) as [TextField, string][]) {
    if (name === 'units') {
      // The client writes a list as its comma-joined String(); an empty list clears the units.
      if (unitList(value).join(',') !== unitList(before.text.units).join(',')) body.units = unitList(value);
    } else if (value.trim() !== before.text[name].trim()) {
      body[name] = value.trim();
    }
  }
  for (const [name, value] of Object.entries(v.dates) as [DateFieldName, string | null][]) {
    if (value !== before.dates[name]) body[name] = value ? `${value} 00:00:00` : '';
  }
  if (v.tagged_for_removal !== before.tagged_for_removal) {
    // Spec §7: untag is sent only when true.
    if (v.tagged_for_removal) body.tagged_for_removal = true;
    else body.untag = true;
  }
  if (v.charge_applied !== before.charge_applied) body.charge_applied = v.charge_applied;
  return body as StaffTenantFields;
}
