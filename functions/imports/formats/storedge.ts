/**
 * StorEdge rent roll: one row per tenant ledger. The tenant is one 'Tenant' cell, 'Last, First' for a
 * person and the company's name for a business; a ledger with several units lists them in its
 * 'Unit #' cell ('A101, A102'), and a ledger on several rows is merged as well. The report prints the
 * facility's id once above the header ('Facility ID: 40103'); a 'Facility ID' column is read when present.
 * 'Next Due' is the next billing date as printed. Money columns (rate, balance) are ignored, and so is
 * the access (gate) code, on purpose (docs/import-formats.md).
 */
import { FIELD_RULES, checkName, listedName, unitsIn, zipOf, identityOf } from '../imported-tenant';
import type { ImportedTenant } from '../imported-tenant';
import { optionalColumn as optional, requiredColumn as required } from '../sheet-columns';
import type { ColumnSpec, RowCells } from '../sheet-columns';
import type { RentRollFormat } from './rent-roll-format';

type StorEdgeColumn = 'facility' | 'units' | 'ledger' | 'tenant' | 'address' | 'city' | 'state' | 'zip' | 'email' | 'move_in'
  | 'next_due' | 'policy';

const COLUMNS: Record<StorEdgeColumn, ColumnSpec> = {
  facility: optional('Facility ID', 'Facility Number', 'Facility'),
  units: required('Unit #', 'Unit Number'),
  ledger: required('Ledger #', 'Ledger ID'),
  tenant: required('Tenant', 'Tenant Name'),
  address: optional('Address', 'Street Address'),
  city: optional('City'),
  state: optional('State'),
  zip: optional('Zip', 'Zip Code', 'Postal Code'),
  email: optional('Email', 'Email Address'),
  move_in: optional('Move In Date', 'Move In', 'Moved In'),
  next_due: optional('Next Due', 'Next Due Date', 'Due Date'),
  policy: optional('Insurance Policy', 'Policy #', 'Policy Number'),
};

function tenantOf(c: RowCells<StorEdgeColumn>): ImportedTenant | null {
  const ledger = c.text('ledger');
  const name = listedName(c.text('tenant'));
  if (!ledger && !name) return null;
  checkName(c, ['tenant'], name);
  const units = unitsIn(c.text('units'));
  return {
    ...identityOf(c, { site: 'facility', ledger: 'ledger', units: 'units' }, name, units),
    email: c.text('email', FIELD_RULES.email),
    address: c.text('address', FIELD_RULES.address),
    city: c.text('city', FIELD_RULES.city),
    state: c.text('state', FIELD_RULES.state),
    zip_code: zipOf(c.text('zip', FIELD_RULES.zip_code), c.number('zip')),
    // StorEdge's rent roll has no country column; its facilities are in the US.
    country: 'US',
    move_in_date: c.date('move_in'),
    billing_date: c.date('next_due'),
    insur_ledger_id: '',
    policy_number: c.text('policy', FIELD_RULES.policy_number),
  };
}

export const STOREDGE: RentRollFormat<StorEdgeColumn> = {
  file: 'rent_roll', title: 'a StorEdge rent roll', columns: COLUMNS, siteColumn: 'facility', ledgerColumn: 'ledger', unitColumn: 'units', tenantOf,
};
