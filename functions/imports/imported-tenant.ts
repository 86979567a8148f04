/**
 * A tenant as a rent roll gives it, before the import decides where it goes: the tenant fields the
 * file has (the rest take TENANT_DEFAULTS) and the Prime Site ID that names its facility. Also the rules
 * every format applies to those fields, so a name, a unit or a zip code reads the same whichever
 * software wrote it (docs/import-formats.md).
 */
import type { TenantRecord } from '../tenants/tenant-record';
import type { RowCells, TextRule } from './sheet-columns';

export type ImportedTenant = Pick<TenantRecord,
  'ledger_id' | 'first_name' | 'last_name' | 'unit' | 'units' | 'email' | 'address' | 'city' | 'state' | 'zip_code' | 'country'
  | 'move_in_date' | 'billing_date' | 'insur_ledger_id' | 'policy_number'> & {
  /** The site id the facility software gives the facility (facility.prime_site_id), as the row writes it. */
  prime_site_id: string;
};

/** The limits of the tenant's fields (shared/contracts/tenants.ts), with the words a message names each by. */
export const FIELD_RULES = {
  prime_site_id: { what: 'the Prime Site ID', max: 50 },
  ledger_id: { what: 'the tenant id', max: 50 },
  unit: { what: 'the unit', max: 30 },
  email: { what: 'the email', max: 200 },
  address: { what: 'the address', max: 200 },
  city: { what: 'the city', max: 100 },
  state: { what: 'the state', max: 50 },
  zip_code: { what: 'the zip code', max: 20 },
  country: { what: 'the country', max: 60 },
  insur_ledger_id: { what: 'the insurance ledger id', max: 50 },
  policy_number: { what: 'the policy number', max: 50 },
} as const satisfies Record<string, TextRule>;

/** First and last name each (shared/contracts/tenants.ts). */
const NAME_MAX = 100;

/** A tenant holds at most this many units (shared/contracts/tenants.ts). */
export const MAX_UNITS = 50;

export interface TenantName {
  first_name: string;
  last_name: string | null;
}

/** A person has a last name; a business (no last name, spec §3) goes by its company name, or the one name given. */
export function nameOf(first: string, last: string, company: string): TenantName | null {
  if (last) return { first_name: first, last_name: last };
  const business = company || first;
  return business ? { first_name: business, last_name: null } : null;
}

/** 'Acme, Inc.': the part after the comma is a company form, not a first name. */
const COMPANY_FORMS = new Set(['inc', 'llc', 'ltd', 'co', 'corp', 'corporation', 'company', 'llp', 'lp', 'pc', 'pllc', 'plc']);

/**
 * A name as listed 'Last, First' (StorEdge, Syrasoft, EasyStorage's rent roll). A name without a
 * comma, one whose comma sets off a company form ('Acme, Inc.'), or one marked as a business, is a
 * business's name.
 */
export function listedName(text: string, business = false): TenantName | null {
  if (!text) return null;
  const comma = text.indexOf(',');
  const after = comma < 0 ? '' : text.slice(comma + 1).trim();
  if (business || comma < 0 || COMPANY_FORMS.has(after.toLowerCase().replace(/[^a-z]/g, ''))) return { first_name: text, last_name: null };
  const last = text.slice(0, comma).trim();
  return last ? { first_name: after, last_name: last } : { first_name: after, last_name: null };
}

/** Address lines joined as one: '12 Oak Street, Apt 4'. */
export const joinedAddress = (...lines: string[]): string => lines.filter(Boolean).join(', ');

/** The program's tenants are in the US unless the file says otherwise ('USA', 'United States' are 'US'). */
export function countryOf(text: string): string {
  if (!text || /^(u\.?s\.?(a\.?)?|united states( of america)?)$/i.test(text)) return 'US';
  return text;
}

/** A zip code typed as a number lost its leading zeros (02101 shows as 2101); ZIP+4 typed as one number too. */
export function zipOf(text: string, asNumber: number | null): string {
  if (asNumber === null || !Number.isInteger(asNumber) || asNumber < 0) return text;
  if (asNumber < 100_000) return String(asNumber).padStart(5, '0');
  if (asNumber < 1_000_000_000) {
    const digits = String(asNumber).padStart(9, '0');
    return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  }
  return text;
}

/** The next billing date of a tenant paid through `paidThrough`: the day after. */
export function dayAfter(paidThrough: string | null): string | null {
  if (!paidThrough) return null;
  return new Date(Date.parse(`${paidThrough}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Units listed in one cell: 'A101, A102' (StorEdge). */
export const unitsIn = (text: string): string[] => text.split(/[,;]/).map((unit) => unit.trim()).filter(Boolean);

/** The row's units, each present and within the tenant record's limit. */
export function checkUnits<K extends string>(cells: RowCells<K>, key: K, units: readonly string[]): void {
  const column = cells.header(key);
  if (units.length === 0) cells.fail(column, `${FIELD_RULES.unit.what} is empty.`);
  if (units.length > MAX_UNITS) cells.fail(column, `a tenant has at most ${MAX_UNITS} units.`);
  for (const unit of units) if (unit.length > FIELD_RULES.unit.max) cells.fail(column, `${FIELD_RULES.unit.what} '${unit}' is longer than ${FIELD_RULES.unit.max} characters.`);
}

/**
 * Who and where the row's tenant is, filled the same way by every format: site, tenant id, name and units,
 * each checked. The site is the column's text, '' when empty: the reader fills it from the title rows or
 * the import's facility, or refuses the row (prime-site.ts).
 */
export function identityOf<K extends string>(cells: RowCells<K>, keys: { site: K; ledger: K; units: K }, name: TenantName | null, units: readonly string[]) {
  checkUnits(cells, keys.units, units);
  return {
    prime_site_id: cells.text(keys.site, FIELD_RULES.prime_site_id),
    ledger_id: cells.required(keys.ledger, FIELD_RULES.ledger_id),
    first_name: name?.first_name ?? '',
    last_name: name?.last_name ?? null,
    unit: units[0] ?? '',
    units: [...units],
  };
}

/** The row's name, found in the columns `keys`: present, and each part within the tenant record's limit. */
export function checkName<K extends string>(cells: RowCells<K>, keys: readonly K[], name: TenantName | null): void {
  const column = keys.map((key) => cells.header(key)).join(' / ');
  if (!name) cells.fail(column, "the tenant's name is missing.");
  else if (name.first_name.length > NAME_MAX || (name.last_name ?? '').length > NAME_MAX) cells.fail(column, `the name is longer than ${NAME_MAX} characters.`);
}
