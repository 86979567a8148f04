/**
 * Syrasoft rent roll: one row per rented space, the account's details repeated, sorted by space, so an
 * account with several spaces is on rows apart (merged into one tenant by the reader). The name
 * is one cell, 'Last, First'; 'Acct Type' marks businesses ('Business', 'Commercial', 'B'), whose name
 * is taken whole. 'Paid To' is the last day paid, so the next billing date is the day after. Syrasoft
 * keeps no insurance ids on its rent roll. The gate code is ignored on purpose (docs/import-formats.md).
 */
import { FIELD_RULES, checkName, countryOf, dayAfter, listedName, zipOf, identityOf } from '../imported-tenant';
import type { ImportedTenant } from '../imported-tenant';
import { optionalColumn as optional, requiredColumn as required } from '../sheet-columns';
import type { ColumnSpec, RowCells } from '../sheet-columns';
import type { RentRollFormat } from './rent-roll-format';

type SyrasoftColumn = 'site' | 'space' | 'account' | 'name' | 'type' | 'address' | 'city' | 'state' | 'zip' | 'country' | 'email'
  | 'move_in' | 'paid_to';

const COLUMNS: Record<SyrasoftColumn, ColumnSpec> = {
  site: optional('Site #', 'Site No'),
  space: required('Space', 'Space No'),
  account: required('Account #', 'Acct #', 'Account No'),
  name: required('Name', 'Tenant Name', 'Customer'),
  type: optional('Acct Type', 'Account Type'),
  address: optional('Address', 'Street'),
  city: optional('City'),
  state: optional('State', 'ST'),
  zip: optional('Zip', 'Zip Code'),
  country: optional('Country'),
  email: optional('Email', 'E-mail'),
  move_in: optional('Move In', 'Date In', 'Move In Date'),
  paid_to: optional('Paid To', 'Paid Thru', 'Paid Through'),
};

const BUSINESS_TYPES = new Set(['b', 'bus', 'business', 'c', 'com', 'commercial', 'company']);

function tenantOf(c: RowCells<SyrasoftColumn>): ImportedTenant | null {
  const account = c.text('account');
  const name = listedName(c.text('name'), BUSINESS_TYPES.has(c.text('type').toLowerCase()));
  if (!account && !name) return null;
  checkName(c, ['name'], name);
  const space = c.text('space');
  return {
    ...identityOf(c, { site: 'site', ledger: 'account', units: 'space' }, name, space ? [space] : []),
    email: c.text('email', FIELD_RULES.email),
    address: c.text('address', FIELD_RULES.address),
    city: c.text('city', FIELD_RULES.city),
    state: c.text('state', FIELD_RULES.state),
    zip_code: zipOf(c.text('zip', FIELD_RULES.zip_code), c.number('zip')),
    country: countryOf(c.text('country', FIELD_RULES.country)),
    move_in_date: c.date('move_in'),
    billing_date: dayAfter(c.date('paid_to')),
    insur_ledger_id: '',
    policy_number: '',
  };
}

export const SYRASOFT: RentRollFormat<SyrasoftColumn> = {
  file: 'rent_roll', title: 'a Syrasoft rent roll', columns: COLUMNS, siteColumn: 'site', ledgerColumn: 'account', unitColumn: 'space', tenantOf,
};
