/**
 * EasyStorage keeps a tenant in three files, joined by 'Account ID':
 *   - the tenant address list: one row per account with the name, mailing address and email;
 *   - the insurance sheet: one row per insured account (or per insured unit) with its policy number;
 *   - the rent roll: one row per rented unit, sorted by unit, so an account's units are on rows apart
 *     (merged into one tenant by the reader), with the move-in and next billing dates.
 * The address list and the insurance sheet hold a few short fields per account and are read first
 * into maps; then the rent roll is streamed and each row joined with them. An account missing from the
 * address list is still imported, named from the rent roll's 'Customer' ('Last, First') and without an
 * address (the program's incomplete-address warning); one missing from the insurance sheet has no policy.
 * The rent roll's gate code is ignored on purpose (docs/import-formats.md).
 */
import { FIELD_RULES, checkName, countryOf, joinedAddress, listedName, nameOf, zipOf, identityOf } from '../imported-tenant';
import type { ImportedTenant, TenantName } from '../imported-tenant';
import { optionalColumn as optional, requiredColumn as required } from '../sheet-columns';
import type { ColumnSpec, RowCells, SheetKind } from '../sheet-columns';
import type { RentRollFormat } from './rent-roll-format';

type AddressColumn = 'account' | 'first' | 'last' | 'company' | 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country' | 'email';
type InsuranceColumn = 'account' | 'policy';
type RentRollColumn = 'site' | 'unit' | 'account' | 'customer' | 'move_in' | 'next_billing';

const ACCOUNT_HEADERS = ['Account ID', 'Account #', 'Account Number'];

export const EASYSTORAGE_ADDRESS_LIST: SheetKind<AddressColumn> = {
  file: 'tenant_address_list',
  title: 'an EasyStorage tenant address list',
  columns: {
    account: required(...ACCOUNT_HEADERS),
    first: required('First Name'),
    last: required('Last Name'),
    company: optional('Company', 'Business Name'),
    street: required('Street', 'Address', 'Street Address'),
    street2: optional('Street 2', 'Address 2'),
    city: required('City'),
    state: required('ST', 'State'),
    zip: required('Postal Code', 'Zip', 'Zip Code'),
    country: optional('Country'),
    email: optional('Email', 'Email Address', 'E-mail'),
  } satisfies Record<AddressColumn, ColumnSpec>,
};

export const EASYSTORAGE_INSURANCE: SheetKind<InsuranceColumn> = {
  file: 'insurance_sheet',
  title: 'an EasyStorage insurance sheet',
  columns: {
    account: required(...ACCOUNT_HEADERS),
    policy: required('Policy #', 'Policy Number', 'Certificate #', 'Protection Plan ID'),
  } satisfies Record<InsuranceColumn, ColumnSpec>,
};

const RENT_ROLL_COLUMNS: Record<RentRollColumn, ColumnSpec> = {
  site: optional('Site ID', 'Site'),
  unit: required('Unit', 'Unit Number'),
  account: required(...ACCOUNT_HEADERS),
  customer: required('Customer', 'Customer Name'),
  move_in: optional('Move In', 'Move In Date'),
  next_billing: optional('Next Billing', 'Next Billing Date', 'Next Bill Date'),
};

/** What the address list says of an account. */
export type AccountAddress = Pick<ImportedTenant, 'email' | 'address' | 'city' | 'state' | 'zip_code' | 'country'> & { name: TenantName | null };

/** Accounts are matched as the program matches ledger ids: case and surrounding spaces aside. */
export const accountKey = (account: string): string => account.trim().toLowerCase();

/** An address list row: its account and what it says; its errors in `cells.errors`. */
export function addressOf(c: RowCells<AddressColumn>): { account: string; address: AccountAddress } | null {
  const account = c.text('account');
  const name = nameOf(c.text('first'), c.text('last'), c.text('company'));
  if (!account && !name) return null;
  c.required('account', FIELD_RULES.ledger_id);
  if (name) checkName(c, ['first', 'last'], name);
  return {
    account,
    address: {
      name,
      email: c.text('email', FIELD_RULES.email),
      address: joinedAddress(c.text('street', FIELD_RULES.address), c.text('street2', FIELD_RULES.address)),
      city: c.text('city', FIELD_RULES.city),
      state: c.text('state', FIELD_RULES.state),
      zip_code: zipOf(c.text('zip', FIELD_RULES.zip_code), c.number('zip')),
      country: countryOf(c.text('country', FIELD_RULES.country)),
    },
  };
}

/** An insurance sheet row: the account and its policy number. */
export function policyOf(c: RowCells<InsuranceColumn>): { account: string; policy: string } | null {
  const account = c.text('account');
  const policy = c.text('policy', FIELD_RULES.policy_number);
  if (!account && !policy) return null;
  c.required('account', FIELD_RULES.ledger_id);
  return { account, policy };
}

const NO_ADDRESS: Omit<AccountAddress, 'name'> = { email: '', address: '', city: '', state: '', zip_code: '', country: 'US' };

/** The rent roll, joined with what the other two files said of each account. */
export function easyStorageRentRoll(addresses: ReadonlyMap<string, AccountAddress>, policies: ReadonlyMap<string, string>): RentRollFormat<RentRollColumn> {
  return {
    file: 'rent_roll',
    title: 'an EasyStorage rent roll',
    columns: RENT_ROLL_COLUMNS,
    siteColumn: 'site',
    ledgerColumn: 'account',
    unitColumn: 'unit',
    tenantOf(c: RowCells<RentRollColumn>): ImportedTenant | null {
      const account = c.text('account');
      const listed = addresses.get(accountKey(account));
      const name = listed?.name ?? listedName(c.text('customer'));
      if (!account && !name) return null;
      checkName(c, ['customer'], name);
      const unit = c.text('unit');
      const identity = identityOf(c, { site: 'site', ledger: 'account', units: 'unit' }, name, unit ? [unit] : []);
      const { name: _listedName, ...address } = listed ?? { name: null, ...NO_ADDRESS };
      return {
        ...identity,
        ...address,
        move_in_date: c.date('move_in'),
        billing_date: c.date('next_billing'),
        insur_ledger_id: '',
        policy_number: policies.get(accountKey(account)) ?? '',
      };
    },
  };
}

/** The rent roll's columns without the join, to tell an EasyStorage rent roll from other sheets. */
export const EASYSTORAGE_RENT_ROLL = easyStorageRentRoll(new Map(), new Map());
