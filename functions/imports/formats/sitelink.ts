/**
 * SiteLink rent rolls. Both editions list one row per rented unit with the tenant's details repeated,
 * sorted by unit, so a tenant with several units is on rows apart (merged into one tenant by the reader).
 * They differ in their headers:
 *   - SiteLink - Web: the Rent Roll report as the web edition exports it, headers in words
 *     ('Site ID', 'Unit', 'Tenant ID', 'First Name', 'Moved In', 'Paid Thru', ...); a report of one
 *     site prints 'Site ID: 40101' above the header rather than a Site ID column;
 *   - SiteLink - ALP: the data export, headers are SiteLink's own field names
 *     ('SiteID', 'sUnitName', 'LedgerID', 'sFName', 'dMovedIn', 'dPaidThru', ...).
 * The next billing date is the day after 'Paid Thru'. Columns the program does not keep (rent, balance,
 * insurance premium, unit size, and the gate code on purpose: docs/import-formats.md) are ignored.
 */
import { FIELD_RULES, checkName, countryOf, dayAfter, joinedAddress, nameOf, zipOf, identityOf } from '../imported-tenant';
import type { ImportedTenant } from '../imported-tenant';
import { optionalColumn as optional, requiredColumn as required } from '../sheet-columns';
import type { ColumnSpec, RowCells } from '../sheet-columns';
import type { RentRollFormat } from './rent-roll-format';

type SiteLinkColumn = 'site' | 'unit' | 'ledger' | 'first' | 'last' | 'company' | 'address' | 'address2' | 'city' | 'state' | 'zip'
  | 'country' | 'email' | 'move_in' | 'paid_thru' | 'insur_ledger' | 'policy';

const WEB_COLUMNS: Record<SiteLinkColumn, ColumnSpec> = {
  site: optional('Site ID', 'Site', 'Site Number'),
  unit: required('Unit', 'Unit Name', 'Unit Number', 'Unit No'),
  ledger: required('Tenant ID', 'Tenant Number', 'Ledger ID'),
  first: required('First Name', 'First'),
  last: required('Last Name', 'Last'),
  company: optional('Company', 'Company Name', 'Business Name'),
  address: optional('Address', 'Address 1', 'Address Line 1', 'Street'),
  address2: optional('Address 2', 'Address Line 2'),
  city: optional('City'),
  state: optional('State', 'ST', 'Province', 'Region'),
  zip: optional('Zip', 'Zip Code', 'Postal Code', 'Zip/Postal'),
  country: optional('Country'),
  email: optional('Email', 'E-mail', 'Email Address'),
  move_in: optional('Moved In', 'Move In', 'Move In Date', 'Moved In Date'),
  paid_thru: optional('Paid Thru', 'Paid Through', 'Paid Thru Date'),
  insur_ledger: optional('Insur Ledger ID', 'Insurance Ledger ID'),
  policy: optional('Policy #', 'Policy Number', 'Insurance Policy'),
};

const ALP_COLUMNS: Record<SiteLinkColumn, ColumnSpec> = {
  site: optional('SiteID'),
  unit: required('sUnitName', 'UnitName'),
  ledger: required('LedgerID'),
  first: required('sFName'),
  last: required('sLName'),
  company: optional('sCompany'),
  address: optional('sAddr1'),
  address2: optional('sAddr2'),
  city: optional('sCity'),
  state: optional('sRegion'),
  zip: optional('sPostalCode'),
  country: optional('sCountry'),
  email: optional('sEmail'),
  move_in: optional('dMovedIn'),
  paid_thru: optional('dPaidThru'),
  insur_ledger: optional('InsurLedgerID'),
  policy: optional('sPolicyNum'),
};

/** A row: the tenant named by first and last name, or by company for a business. */
function tenantOf(c: RowCells<SiteLinkColumn>): ImportedTenant | null {
  const ledger = c.text('ledger');
  const name = nameOf(c.text('first'), c.text('last'), c.text('company'));
  if (!ledger && !name) return null;
  checkName(c, c.has('company') ? ['first', 'last', 'company'] : ['first', 'last'], name);
  const unit = c.text('unit');
  return {
    ...identityOf(c, { site: 'site', ledger: 'ledger', units: 'unit' }, name, unit ? [unit] : []),
    email: c.text('email', FIELD_RULES.email),
    address: joinedAddress(c.text('address', FIELD_RULES.address), c.text('address2', FIELD_RULES.address)),
    city: c.text('city', FIELD_RULES.city),
    state: c.text('state', FIELD_RULES.state),
    zip_code: zipOf(c.text('zip', FIELD_RULES.zip_code), c.number('zip')),
    country: countryOf(c.text('country', FIELD_RULES.country)),
    move_in_date: c.date('move_in'),
    billing_date: dayAfter(c.date('paid_thru')),
    insur_ledger_id: c.text('insur_ledger', FIELD_RULES.insur_ledger_id),
    policy_number: c.text('policy', FIELD_RULES.policy_number),
  };
}

export const SITELINK_WEB: RentRollFormat<SiteLinkColumn> = {
  file: 'rent_roll', title: 'a SiteLink - Web rent roll', columns: WEB_COLUMNS, siteColumn: 'site', ledgerColumn: 'ledger', unitColumn: 'unit', tenantOf,
};

export const SITELINK_ALP: RentRollFormat<SiteLinkColumn> = {
  file: 'rent_roll', title: 'a SiteLink - ALP rent roll', columns: ALP_COLUMNS, siteColumn: 'site', ledgerColumn: 'ledger', unitColumn: 'unit', tenantOf,
};
