/**
 * Facilities, cycles and tenants written straight with the program's store functions, for the facility
 * route tests: facilities with chosen fields, a cycle with tenants (which moves the maintained counters
 * and the catalog flags), and a retired facility as the archives capability will leave one.
 */
import { randomUUID } from 'node:crypto';
import { TEST_WRITE } from './test-write';
import { createCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { createFacility, getFacility, newFacilityFields, updateFacility } from '../../functions/facilities/facility-store';
import type { FacilityRecord, NewFacility } from '../../functions/facilities/facility-store';
import { HttpError } from '../../functions/runtime/http-error';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';

let n = 0;
/** A short prefix no other test uses (facility numbers are at most 20 characters on the API). */
export const stem = (): string => `T${Date.now().toString(36).slice(-5)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase();

export async function facilityWith(facilityNumber: string, fields: Partial<NewFacility> = {}): Promise<FacilityRecord> {
  return createFacility(newFacilityFields({
    id: randomUUID(), facility_number: facilityNumber, account_name: `Account ${facilityNumber}`, corporate_group: 'Group', address: '1 Test Road',
    city: 'Austin', state: 'TX', zip_code: '78701', phone: '5125550100', email: `f${facilityNumber}@test.example`, software: 'storedge',
    insurance_program_key: 'pma', insurance_program_label: 'PMA', contact_name: 'Pat Manager', brochure_url: 'https://example.com/b.pdf',
    certificate_url: 'https://example.com/c.pdf', coverages: [{ coverage: 2000, premium: 12 }], ...fields,
  }));
}

export const tenant = (i: number, status: string | null, extra: Partial<NewTenant> = {}): NewTenant => ({
  facility_id: '', facility_number: '', cycle_id: '', first_name: `First${i}`, last_name: `Last${i}`, email: `t${i}@test.example`,
  address: `${i} Road`, city: 'Austin', state: 'TX', zip_code: '78701', unit: `U${i}`, ledger_id: `L${i}`, coverage_id: null,
  status, tagged_for_removal: false, charge_applied_date: null, payment_confirmed_date: null, setup_insurance_date: null,
  initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null, provided_proof_date: null,
  opt_out_date: null, move_out_date: null, bad_address_date: null, ...extra,
});

/** A cycle of the facility with these tenants (the counters and catalog entries follow). */
export async function cycleWithTenants(facility: FacilityRecord, tenants: NewTenant[] = []): Promise<{ cycle: CycleRecord; tenants: TenantRecord[] }> {
  const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: `Cycle ${facility.facility_number}` });
  const made = tenants.length ? await createTenants(cycle, tenants.map((t) => ({ ...t, facility_number: facility.facility_number })), TEST_WRITE) : [];
  return { cycle, tenants: made };
}

/** Leaves the program as the archives capability does (retired_at set). */
export async function retire(facility: FacilityRecord): Promise<FacilityRecord> {
  const current = (await getFacility(facility.id))!;
  return updateFacility(current, { retired_at: new Date().toISOString() });
}

let nextSoftwareNumber = 1100 + Math.floor(Math.random() * 800);
/**
 * A facility of the program whose number SiteLink and StorEdge know (1100-1999), with this software; the
 * next free number (another test's is skipped). `fields` may depend on the number (the software's plans).
 */
export async function softwareFacility(software: string, fields: Partial<NewFacility> | ((number: string) => Partial<NewFacility>) = {}): Promise<FacilityRecord> {
  for (let tries = 0; tries < 50; tries += 1) {
    const number = String(nextSoftwareNumber);
    nextSoftwareNumber = nextSoftwareNumber >= 1999 ? 1100 : nextSoftwareNumber + 1;
    try {
      return await facilityWith(number, { software, ...(typeof fields === 'function' ? fields(number) : fields) });
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
    }
  }
  throw new Error('no free facility number in 1100-1999');
}
