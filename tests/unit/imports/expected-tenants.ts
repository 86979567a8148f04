/**
 * What the reader must make of a sample tenant (localstack/samples/rent-rolls.ts), by software: the
 * rules of docs/import-formats.md written out for the tests, apart from the reader's code.
 */
import type { ImportSoftware } from '../../../shared/import-software';
import type { ImportedTenant, RentRollFiles, RentRollItem, RowRefused, TenantRead } from '../../../functions/imports/rent-roll-reader';
import { readRentRoll } from '../../../functions/imports/rent-roll-reader';
import type { SampleTenant } from '../../../localstack/samples/rent-rolls';

export function expectedTenant(software: ImportSoftware, t: SampleTenant): ImportedTenant {
  // EasyStorage: an account missing from the address list has no address and no email.
  const listed = software !== 'easystorage' || t.in_address_list;
  return {
    prime_site_id: t.prime_site_id,
    ledger_id: t.ledger_id,
    first_name: t.first_name,
    last_name: t.last_name,
    unit: t.units[0]!,
    units: t.units.length > 1 ? t.units : [],
    email: listed ? t.email : '',
    address: listed ? [t.street, t.street2].filter(Boolean).join(', ') : '',
    city: listed ? t.city : '',
    state: listed ? t.state : '',
    zip_code: listed ? t.zip_code : '',
    country: 'US',
    move_in_date: t.move_in_date,
    billing_date: t.next_billing_date,
    insur_ledger_id: software === 'sitelink_web' || software === 'sitelink_alp' ? t.insur_ledger_id : '',
    policy_number: software === 'syrasoft' ? '' : t.policy_number,
  };
}

export async function readAll(software: string, files: RentRollFiles): Promise<{ items: RentRollItem[]; tenants: TenantRead[]; refused: RowRefused[] }> {
  const items: RentRollItem[] = [];
  for await (const item of readRentRoll(software, files)) items.push(item);
  return {
    items,
    tenants: items.filter((i): i is TenantRead => 'tenant' in i),
    refused: items.filter((i): i is RowRefused => 'errors' in i),
  };
}
