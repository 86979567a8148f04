/**
 * Facilities, cycles and tenants written straight into the suite's emulator with the program's own
 * stores (which keep the counters and catalogs), for the cycles and dashboard tests.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { uniqueName } from './helpers';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { createCycle, getCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord, NewCycle } from '../../functions/cycles/cycle-store';
import { createFacility, facilityCycleIds, newFacilityFields } from '../../functions/facilities/facility-store';
import type { FacilityRecord, NewFacility } from '../../functions/facilities/facility-store';
import type { NewTenant } from '../../functions/tenants/tenant-store';

export { facilityCycleIds, getCycle };

/** A facility number no other test uses (at most 20 characters). */
export const uniqueNumber = (stem = 'C'): string => uniqueName(stem).replace(/[^A-Za-z0-9-]/g, '-').slice(0, 20);

/** A facility with names of its own, so list filters can single out its cycles. */
export async function makeProgramFacility(fields: Partial<NewFacility> = {}): Promise<FacilityRecord> {
  const number = fields.facility_number ?? uniqueNumber();
  return createFacility(newFacilityFields({
    id: uniqueName('cf'), facility_number: number, account_name: `Account ${number}`, corporate_group: `Group ${number}`,
    address: '1 Test Road', city: 'Testville', state: 'TX', zip_code: '75001', phone: '2145550100', email: `f${number}@test.example`,
    software: 'storedge', insurance_program_key: 'pma', insurance_program_label: 'PMA', contact_name: 'Test Manager',
    coverages: [{ coverage: 2000, premium: 12 }], ...fields,
  }));
}

export async function makeCycle(facility: FacilityRecord, fields: Partial<NewCycle> = {}): Promise<CycleRecord> {
  return createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: uniqueName('cycle'), ...fields });
}

let tenantCount = 0;
/** A tenant for createTenants (cycle and facility are filled in by the store). */
export const tenant = (status: string | null = null, extra: Partial<NewTenant> = {}): NewTenant => {
  const n = ++tenantCount;
  return {
    facility_id: '', facility_number: '', cycle_id: '', first_name: `First${n}`, last_name: `Last${n}`, email: `t${n}@test.example`,
    address: `${n} Road`, city: 'Testville', state: 'TX', zip_code: '75001', unit: `U${n}`, ledger_id: `L${n}`, coverage_id: null,
    status, tagged_for_removal: false, charge_applied_date: null, payment_confirmed_date: null, setup_insurance_date: null,
    initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null, provided_proof_date: null,
    opt_out_date: null, move_out_date: null, bad_address_date: null, ...extra,
  };
};

/** The raw stored item of a cycle, to see exactly what is (and is not) stored. */
export async function rawCycleItem(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `CYCLE#${id}`, sk: 'PROFILE' }, ConsistentRead: true }));
  return out.Item;
}
