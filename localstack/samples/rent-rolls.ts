/**
 * Sample rent rolls of every software the import reads (docs/import-formats.md), written as the facility
 * software exports them: sorted by unit, so a tenant's units are on rows apart (StorEdge lists a ledger's
 * units in one cell, its rows sorted by first unit); report title rows (merged) above the header, which
 * name the site where the report prints it there ('Site ID: 40101' for SiteLink - Web and 'Facility ID:
 * 40103' for StorEdge, whose rows then have no site column; Syrasoft prints it in both places); blank rows
 * between pages, a total line under the data, dates as Excel dates in some rows and as text in others,
 * money as '$1,234.50' text, tenants with several units, businesses, tenants without email, a few
 * addresses with a part missing, and columns the import does not read. EasyStorage gets its three files, with a few accounts
 * missing from the address list and insurance only for insured accounts. The same seed writes the same
 * rows. Used by the unit tests, by the demo (`npm start` offers writeDemoRentRolls's files to try) and
 * by the bench; damaged files (writeDamagedRentRoll) are for the tests of what the import refuses.
 *
 *   npx tsx localstack/samples/rent-rolls.ts --out .local/samples [--rows 120]
 */
import { mkdir, stat, truncate, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { IMPORT_SOFTWARE_KEYS } from '../../shared/import-software';
import type { ImportFileRole, ImportSoftware } from '../../shared/import-software';
import { DEMO_FACILITIES } from '../demo/facilities';
import { generator, pick } from '../demo/tenants';

/** The day the samples are printed; their dates are set around it. */
export const SAMPLE_AS_OF = '2026-05-01';
/** A Prime Site ID no facility has. */
export const UNKNOWN_PRIME_SITE_ID = '99999';

/** A tenant as the facility software holds it; what each format writes of it is the format's business. */
export interface SampleTenant {
  prime_site_id: string;
  /** As the software writes it: '100234' (SiteLink, StorEdge), 'A100234' (Syrasoft), 'ES-100234' (EasyStorage). */
  ledger_id: string;
  first_name: string;
  /** null for a business, whose name is first_name. */
  last_name: string | null;
  units: string[];
  email: string;
  street: string;
  /** A second address line ('Apt 4') or ''. */
  street2: string;
  city: string;
  state: string;
  zip_code: string;
  move_in_date: string;
  next_billing_date: string;
  /**
   * The facility's gate code, written as the software exports it; the import ignores it on purpose
   * (docs/import-formats.md): the program gives each tenant its own access code.
   */
  gate_code: string;
  /** '' when the tenant has no insurance through the facility. */
  insur_ledger_id: string;
  policy_number: string;
  rent: number;
  insurance_premium: number | null;
  /** EasyStorage: the account is on the tenant address list. */
  in_address_list: boolean;
  /** The rent-roll rows the tenant is on, as Excel numbers them, in file order. */
  rows: number[];
}

export type SampleFiles = { rent_roll: string } & Partial<Record<Exclude<ImportFileRole, 'rent_roll'>, string>>;

export interface SampleRentRoll {
  software: ImportSoftware;
  files: SampleFiles;
  headerRow: number;
  /** In the order of their first rows in the rent roll, as the import reads them. */
  tenants: SampleTenant[];
  /** Where the rows' Prime Site ID is: a column on every row, or only in a title row above the header. */
  site: 'column' | 'title' | 'column and title';
}

export interface SampleOptions {
  software: ImportSoftware;
  primeSiteId: string;
  /** Tenant rows of the rent roll (a tenant of several units takes several, except in StorEdge's). */
  rows: number;
  seed: number;
  dir: string;
  /** Names the file and the report title after a demo facility. */
  facilityNumber?: string;
  /** The rent roll's columns in an order of the seed's choosing instead of the software's. */
  shuffleColumns?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// The tenants

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Charles', 'Sarah', 'Mary Ann', 'Lisa', 'Daniel', 'Nancy',
  'Luis', 'Ana', 'Wei', 'Mei', 'Arjun', 'Priya', 'Omar', 'Fatima', 'Kwame', 'Amara', 'Hiroshi', 'Yuki', 'José', 'Zoë',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris',
  'Nguyen', 'Chen', 'Patel', 'Okafor', 'Kowalski', "O'Brien", 'Nakamura', 'Haddad', 'Schmidt', 'de la Cruz', 'Van Buren',
];
/** Some with a company form after a comma, which must not read as 'Last, First'. */
const BUSINESSES = [
  'Acme Landscaping', 'Bright Smile Dental', 'Harbor Catering, Inc.', 'Summit Roofing, LLC', 'Northside Youth Soccer',
  'Green Thumb Nursery', 'Smith & Sons Moving', 'Blue Ridge Antiques, Co.',
];
const STREETS = ['Oak Street', 'Elm Avenue', 'Cedar Lane', 'Park Avenue', 'Washington Street', 'Lake Drive', 'Hillcrest Road', 'Main Street', 'Ridge Road'];
/** Places tenants live; zip codes with leading zeros among them (a zip typed as a number loses them). */
const PLACES: readonly (readonly [city: string, state: string, zip: string])[] = [
  ['Springfield', 'IL', '62701'], ['Chatham', 'IL', '62629'], ['Madison', 'WI', '53703'], ['Boston', 'MA', '02108'],
  ['Portland', 'ME', '04101'], ['Burlington', 'VT', '05401'], ['Newark', 'NJ', '07102'], ['Houston', 'TX', '77003'],
  ['Scottsdale', 'AZ', '85251'], ['Atlanta', 'GA', '30326'],
];

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function ledgerText(software: ImportSoftware, n: number): string {
  if (software === 'syrasoft') return `A${n}`;
  if (software === 'easystorage') return `ES-${n}`;
  return String(n);
}

/**
 * A unit name from a running number, so a tenant's units (running numbers in a row) are in different
 * buildings and far apart once the rent roll is sorted by unit: A100, B100, ... Z100, A101, ... Syrasoft
 * numbers its spaces, the building first: 1000, 2000, ... 9000, 1001, ... (unique at any length: the
 * first digit is the building).
 */
function unitName(software: ImportSoftware, n: number): string {
  if (software === 'syrasoft') return `${(n % 9) + 1}${String(Math.floor(n / 9)).padStart(3, '0')}`;
  const buildings = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `${buildings[n % buildings.length]}${100 + Math.floor(n / buildings.length)}`;
}

/** Units in the order a rent roll sorted by unit lists them: numbers by value (A99 before A100). */
export const byUnit = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

function homePlace(facilityNumber: string | undefined): readonly [string, string, string] | null {
  const facility = DEMO_FACILITIES.find((f) => f.number === facilityNumber);
  return facility ? [facility.city, facility.state, facility.zip_code] : null;
}

/** The tenants, with as many rent-roll lines in all as `rows` asks. */
function sampleTenants(options: SampleOptions, random: () => number): SampleTenant[] {
  const { software, primeSiteId, rows } = options;
  const home = homePlace(options.facilityNumber);
  const perUnitLines = software !== 'storedge';
  const tenants: SampleTenant[] = [];
  let lines = 0;
  let ledger = 100_000 + (options.seed % 97) * 1000;
  let unit = 0;
  while (lines < rows) {
    const business = random() < 0.05;
    const first = business ? pick(random, BUSINESSES) : pick(random, FIRST_NAMES);
    const last = business ? null : pick(random, LAST_NAMES);
    const wanted = random() < 0.92 ? 1 : random() < 0.75 ? 2 : 3;
    const unitCount = perUnitLines ? Math.min(wanted, rows - lines) : wanted;
    lines += perUnitLines ? unitCount : 1;
    ledger += 1 + Math.floor(random() * 4);
    const [city, state, zip] = home && random() < 0.6 ? home : pick(random, PLACES);
    const moveIn = addDays(SAMPLE_AS_OF, -(30 + Math.floor(random() * 3000)));
    const anniversary = random() < 0.3 && Number(moveIn.slice(8, 10)) <= 28;
    const nextBilling = anniversary ? `2026-05-${moveIn.slice(8, 10)}` : '2026-06-01';
    const insured = random() < 0.35;
    const handle = (business ? first : `${first}.${last}`).toLowerCase().replace(/[^a-z.]/g, '');
    const missing = random();
    tenants.push({
      prime_site_id: primeSiteId,
      ledger_id: ledgerText(software, ledger),
      first_name: first,
      last_name: last,
      units: Array.from({ length: unitCount }, () => unitName(software, unit++)).sort(byUnit),
      email: random() < 0.12 ? '' : `${handle}${Math.floor(random() * 90) + 10}@mail.example`,
      street: missing < 0.01 ? '' : `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`,
      street2: random() < 0.25 ? `Apt ${1 + Math.floor(random() * 40)}` : '',
      city: missing >= 0.01 && missing < 0.03 ? '' : city,
      state,
      zip_code: missing >= 0.03 && missing < 0.05 ? '' : zip,
      move_in_date: moveIn,
      next_billing_date: nextBilling < SAMPLE_AS_OF ? '2026-06-01' : nextBilling,
      gate_code: String(Math.floor(random() * 1_000_000)).padStart(random() < 0.5 ? 4 : 6, '0'),
      insur_ledger_id: insured ? `IL${ledger}` : '',
      policy_number: insured ? `POL-${ledger}` : '',
      rent: 45 + Math.round(random() * 40_000) / 100,
      insurance_premium: insured ? pick(random, [9, 12, 16, 22]) : null,
      in_address_list: software !== 'easystorage' || random() >= 0.03,
      rows: [],
    });
  }
  return tenants;
}

// ---------------------------------------------------------------------------------------------------
// How each software writes a tenant

type Cell = ExcelJS.CellValue;

/** One rent-roll line: a tenant and the units of the line; `alt` lines write their dates (and a few other cells) the other way. */
interface Line {
  tenant: SampleTenant;
  units: string[];
  alt: boolean;
  /** The row it is written on, as Excel numbers it; set as it is written. */
  row?: number;
}

interface SampleColumn { header: string; cell: (line: Line) => Cell }

/** What the damaged samples change, by column; `site` null when the rows have no site column. */
interface Marks { site: string | null; unit: string; ledger: string; names: readonly string[]; moveIn: string }

interface SampleFormat {
  titles: (facilityName: string, site: string) => string[];
  /** Where the report prints the site: each row's column, a title row, or both. */
  site: SampleRentRoll['site'];
  columns: readonly SampleColumn[];
  marks: Marks;
  /** A line per unit (the tenant repeated), or a line per tenant with its units in one cell. */
  perUnit: boolean;
  footer: boolean;
}

const utcDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const parts = (iso: string) => ({ y: iso.slice(0, 4), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) });
const mdyyyy = (iso: string): string => { const { y, m, d } = parts(iso); return `${m}/${d}/${y}`; };
const mmddyy = (iso: string): string => { const { y, m, d } = parts(iso); return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y.slice(2)}`; };
const dollars = (n: number): string => `${n < 0 ? '(' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${n < 0 ? ')' : ''}`;
/** A number cell when the text is all digits without a leading zero, as a sheet made by hand would hold it. */
const asNumber = (text: string): Cell => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : text);
const listed = (t: SampleTenant): string => (t.last_name ? `${t.last_name}, ${t.first_name}` : t.first_name);
const phone = (t: SampleTenant): string => `(217) 555-${t.ledger_id.replace(/\D/g, '').slice(-4)}`;
/** Some emails as links, as a report with clickable addresses has them. */
const emailCell = (t: SampleTenant): Cell => (t.email && t.ledger_id.endsWith('7') ? { text: t.email, hyperlink: `mailto:${t.email}` } : t.email);
/** Some zip codes typed as numbers (leading zeros lost, the import puts them back). */
const zipCell = (t: SampleTenant): Cell => (t.zip_code && t.ledger_id.endsWith('3') ? Number(t.zip_code) : t.zip_code);

/**
 * One business's name in part bold (rich text, as a name formatted by hand is stored). Only one name:
 * exceljs's writer keeps a single shared string for every rich text it is given, whatever their text.
 */
const companyCell = (name: string): Cell => (name === BUSINESSES[0] ? { richText: [{ font: { bold: true }, text: 'Acme' }, { text: ' Landscaping' }] } : name);

const paidThrough = (t: SampleTenant): string => addDays(t.next_billing_date, -1);
const balance = (line: Line): Cell => (line.tenant.ledger_id.endsWith('5') ? dollars(-25) : dollars(0));

const FORMATS: Readonly<Record<ImportSoftware, SampleFormat>> = {
  sitelink_web: {
    // The Rent Roll report of one site: the site once, in the title rows.
    titles: (name, site) => [name, 'Rent Roll', `Site ID: ${site}`, `As of ${mdyyyy(SAMPLE_AS_OF)}`],
    site: 'title',
    perUnit: true,
    footer: true,
    marks: { site: null, unit: 'Unit', ledger: 'Tenant ID', names: ['First Name', 'Last Name', 'Company'], moveIn: 'Moved In' },
    columns: [
      { header: 'Unit', cell: (l) => l.units[0]! },
      { header: 'Unit Size', cell: () => '10x10' },
      { header: 'Tenant ID', cell: (l) => asNumber(l.tenant.ledger_id) },
      { header: 'First Name', cell: (l) => (l.tenant.last_name ? l.tenant.first_name : '') },
      { header: 'Last Name', cell: (l) => l.tenant.last_name ?? '' },
      { header: 'Company', cell: (l) => (l.tenant.last_name ? '' : companyCell(l.tenant.first_name)) },
      { header: 'Address', cell: (l) => l.tenant.street },
      { header: 'Address 2', cell: (l) => l.tenant.street2 },
      { header: 'City', cell: (l) => l.tenant.city },
      { header: 'State', cell: (l) => l.tenant.state },
      { header: 'Zip', cell: (l) => zipCell(l.tenant) },
      { header: 'Phone', cell: (l) => phone(l.tenant) },
      { header: 'Email', cell: (l) => emailCell(l.tenant) },
      { header: 'Gate Code', cell: (l) => l.tenant.gate_code },
      { header: 'Moved In', cell: (l) => (l.alt ? mdyyyy(l.tenant.move_in_date) : utcDate(l.tenant.move_in_date)) },
      { header: 'Paid Thru', cell: (l) => (l.alt ? utcDate(paidThrough(l.tenant)) : mdyyyy(paidThrough(l.tenant))) },
      { header: 'Rent', cell: (l) => dollars(l.tenant.rent) },
      { header: 'Insurance', cell: (l) => (l.tenant.insurance_premium === null ? '' : dollars(l.tenant.insurance_premium)) },
      { header: 'Insur Ledger ID', cell: (l) => l.tenant.insur_ledger_id },
      { header: 'Policy #', cell: (l) => l.tenant.policy_number },
      { header: 'Balance', cell: balance },
    ],
  },
  sitelink_alp: {
    // A data export: the header is the first row, the site a column.
    titles: () => [],
    site: 'column',
    perUnit: true,
    footer: false,
    marks: { site: 'SiteID', unit: 'sUnitName', ledger: 'LedgerID', names: ['sFName', 'sLName', 'sCompany'], moveIn: 'dMovedIn' },
    columns: [
      { header: 'SiteID', cell: (l) => asNumber(l.tenant.prime_site_id) },
      { header: 'sUnitName', cell: (l) => l.units[0]! },
      { header: 'LedgerID', cell: (l) => asNumber(l.tenant.ledger_id) },
      { header: 'TenantID', cell: (l) => Number(l.tenant.ledger_id) + 500_000 },
      { header: 'sFName', cell: (l) => (l.tenant.last_name ? l.tenant.first_name : '') },
      { header: 'sLName', cell: (l) => l.tenant.last_name ?? '' },
      { header: 'sCompany', cell: (l) => (l.tenant.last_name ? '' : l.tenant.first_name) },
      { header: 'sAddr1', cell: (l) => l.tenant.street },
      { header: 'sAddr2', cell: (l) => l.tenant.street2 },
      { header: 'sCity', cell: (l) => l.tenant.city },
      { header: 'sRegion', cell: (l) => l.tenant.state },
      { header: 'sPostalCode', cell: (l) => zipCell(l.tenant) },
      { header: 'sCountry', cell: (l) => (l.alt ? 'USA' : 'US') },
      { header: 'sEmail', cell: (l) => l.tenant.email },
      { header: 'sAccessCode', cell: (l) => l.tenant.gate_code },
      { header: 'dMovedIn', cell: (l) => (l.alt ? utcDate(l.tenant.move_in_date) : `${l.tenant.move_in_date}T00:00:00`) },
      { header: 'dPaidThru', cell: (l) => (l.alt ? paidThrough(l.tenant) : utcDate(paidThrough(l.tenant))) },
      { header: 'dcRent', cell: (l) => l.tenant.rent },
      { header: 'dcInsurPremium', cell: (l) => l.tenant.insurance_premium ?? 0 },
      { header: 'InsurLedgerID', cell: (l) => l.tenant.insur_ledger_id },
      { header: 'sPolicyNum', cell: (l) => l.tenant.policy_number },
    ],
  },
  storedge: {
    // The facility's id once, in the title rows; its rows have none.
    titles: (name, site) => [name, 'Rent Roll Report', `Facility ID: ${site}`, `Printed: ${mdyyyy(SAMPLE_AS_OF)} 9:14 AM`],
    site: 'title',
    perUnit: false,
    footer: true,
    marks: { site: null, unit: 'Unit #', ledger: 'Ledger #', names: ['Tenant'], moveIn: 'Move In Date' },
    columns: [
      { header: 'Unit #', cell: (l) => l.units.join(', ') },
      // The ledger as a formula now and then (a report pasted into a template); its result is what counts.
      { header: 'Ledger #', cell: (l) => (l.alt ? { formula: `"${l.tenant.ledger_id}"`, result: l.tenant.ledger_id } : l.tenant.ledger_id) },
      { header: 'Tenant', cell: (l) => listed(l.tenant) },
      { header: 'Address', cell: (l) => [l.tenant.street, l.tenant.street2].filter(Boolean).join(', ') },
      { header: 'City', cell: (l) => l.tenant.city },
      { header: 'State', cell: (l) => l.tenant.state },
      { header: 'Zip', cell: (l) => zipCell(l.tenant) },
      { header: 'Phone', cell: (l) => phone(l.tenant) },
      { header: 'Email', cell: (l) => emailCell(l.tenant) },
      { header: 'Access Code', cell: (l) => l.tenant.gate_code },
      { header: 'Move In Date', cell: (l) => (l.alt ? utcDate(l.tenant.move_in_date) : mmddyy(l.tenant.move_in_date)) },
      { header: 'Next Due', cell: (l) => (l.alt ? mmddyy(l.tenant.next_billing_date) : utcDate(l.tenant.next_billing_date)) },
      { header: 'Rate', cell: (l) => dollars(l.tenant.rent) },
      { header: 'Insurance Policy', cell: (l) => l.tenant.policy_number },
      { header: 'Balance', cell: balance },
    ],
  },
  syrasoft: {
    titles: (name, site) => [`SYRASOFT RENT ROLL - ${name.toUpperCase()}`, `Site # ${site}    Run date ${mmddyy(SAMPLE_AS_OF)}`],
    site: 'column and title',
    perUnit: true,
    footer: true,
    marks: { site: 'Site #', unit: 'Space', ledger: 'Account #', names: ['Name'], moveIn: 'Move In' },
    columns: [
      { header: 'Site #', cell: (l) => asNumber(l.tenant.prime_site_id) },
      { header: 'Space', cell: (l) => asNumber(l.units[0]!) },
      { header: 'Account #', cell: (l) => l.tenant.ledger_id },
      { header: 'Name', cell: (l) => listed(l.tenant) },
      { header: 'Acct Type', cell: (l) => (l.tenant.last_name ? 'Personal' : 'Business') },
      { header: 'Address', cell: (l) => [l.tenant.street, l.tenant.street2].filter(Boolean).join(', ') },
      { header: 'City', cell: (l) => l.tenant.city },
      { header: 'State', cell: (l) => l.tenant.state },
      { header: 'Zip', cell: (l) => zipCell(l.tenant) },
      { header: 'Email', cell: (l) => l.tenant.email },
      { header: 'Gate Code', cell: (l) => l.tenant.gate_code },
      { header: 'Move In', cell: (l) => (l.alt ? mmddyy(l.tenant.move_in_date) : utcDate(l.tenant.move_in_date)) },
      { header: 'Paid To', cell: (l) => (l.alt ? utcDate(paidThrough(l.tenant)) : mdyyyy(paidThrough(l.tenant))) },
      { header: 'Rent', cell: (l) => l.tenant.rent },
    ],
  },
  easystorage: {
    // 'Site 40101' is no label the import reads ('Site ID', 'Site #', ...): the column gives the site.
    titles: (name, site) => ['EasyStorage', 'Rent Roll', `${name} - Site ${site}`],
    site: 'column',
    perUnit: true,
    footer: false,
    marks: { site: 'Site ID', unit: 'Unit', ledger: 'Account ID', names: ['Customer'], moveIn: 'Move In' },
    columns: [
      { header: 'Site ID', cell: (l) => l.tenant.prime_site_id },
      { header: 'Unit', cell: (l) => l.units[0]! },
      { header: 'Account ID', cell: (l) => l.tenant.ledger_id },
      { header: 'Customer', cell: (l) => listed(l.tenant) },
      { header: 'Move In', cell: (l) => (l.alt ? utcDate(l.tenant.move_in_date) : l.tenant.move_in_date) },
      { header: 'Next Billing', cell: (l) => (l.alt ? `${mdyyyy(l.tenant.next_billing_date)} 12:00:00 AM` : utcDate(l.tenant.next_billing_date)) },
      { header: 'Rent', cell: (l) => dollars(l.tenant.rent) },
      { header: 'Gate Code', cell: (l) => l.tenant.gate_code },
    ],
  },
};

// ---------------------------------------------------------------------------------------------------
// Writing

type SheetRows = Iterable<{ cells: Cell[]; merge?: boolean }>;

/** One sheet, streamed row by row; dates shown m/d/yyyy, title rows merged across the columns. */
async function writeSheet(path: string, sheetName: string, width: number, rows: SheetRows): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: true });
  workbook.created = workbook.modified = new Date(`${SAMPLE_AS_OF}T09:14:00Z`);
  const sheet = workbook.addWorksheet(sheetName);
  let number = 0;
  for (const { cells, merge } of rows) {
    number += 1;
    const row = sheet.addRow(cells);
    cells.forEach((value, i) => { if (value instanceof Date) row.getCell(i + 1).numFmt = 'm/d/yyyy'; });
    if (merge) {
      row.font = { bold: true };
      sheet.mergeCells(number, 1, number, width);
    }
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

const facilityName = (facilityNumber: string | undefined): string =>
  DEMO_FACILITIES.find((f) => f.number === facilityNumber)?.account_name ?? 'Sample Self Storage';

/** The lines of the rent roll, in file order: sorted by unit (a ledger's line by its first unit), so a tenant's lines are apart. */
function linesOf(format: SampleFormat, tenants: readonly SampleTenant[], random: () => number): Line[] {
  const lines: Line[] = [];
  for (const tenant of tenants) {
    if (!format.perUnit) lines.push({ tenant, units: tenant.units, alt: random() < 0.15 });
    else for (const unit of tenant.units) lines.push({ tenant, units: [unit], alt: random() < 0.15 });
  }
  return lines.sort((a, b) => byUnit(a.units[0]!, b.units[0]!));
}

/** What a damaged sample changes in one line's cells, by header. */
type LineEdit = (cells: Map<string, Cell>) => void;

interface RentRollPlan {
  format: SampleFormat;
  columns: readonly SampleColumn[];
  lines: readonly Line[];
  title: string;
  header: boolean;
  edits: ReadonlyMap<number, LineEdit>;
  /** Every so many lines a blank row, as between the pages of a printed report. */
  blankEvery: number;
}

/** The rent roll's rows, noting on each tenant the rows it is written on. */
function* rentRollRows(plan: RentRollPlan, site: string): Generator<{ cells: Cell[]; merge?: boolean }> {
  const { format, columns, lines } = plan;
  const titles = format.titles(plan.title, site);
  for (const title of titles) yield { cells: [title], merge: true };
  let row = titles.length;
  if (titles.length) {
    yield { cells: [] };
    row += 1;
  }
  if (plan.header) {
    yield { cells: columns.map((c) => c.header) };
    row += 1;
  }
  for (let i = 0; i < lines.length; i += 1) {
    if (i > 0 && i % plan.blankEvery === 0) {
      yield { cells: [] };
      row += 1;
    }
    const line = lines[i]!;
    const byHeader = new Map(columns.map((c) => [c.header, c.cell(line)]));
    plan.edits.get(i)?.(byHeader);
    row += 1;
    line.row = row;
    line.tenant.rows.push(row);
    yield { cells: columns.map((c) => byHeader.get(c.header) ?? null) };
  }
  if (format.footer) {
    yield { cells: [] };
    yield { cells: [`Total: ${lines.reduce((n, l) => n + l.units.length, 0)} units`] };
  }
}

/** EasyStorage's address list: accounts by name, a few missing, a few past customers who are not on the rent roll. */
function* addressListRows(tenants: readonly SampleTenant[], random: () => number): Generator<{ cells: Cell[]; merge?: boolean }> {
  yield { cells: ['Tenant Address List'], merge: true };
  yield { cells: [] };
  yield { cells: ['Account ID', 'First Name', 'Last Name', 'Company', 'Street', 'Street 2', 'City', 'ST', 'Postal Code', 'Email', 'Phone'] };
  const listedTenants = tenants.filter((t) => t.in_address_list);
  const past = tenants.filter(() => random() < 0.03).map((t, i) => ({ ...t, ledger_id: `ES-9${String(i).padStart(5, '0')}`, last_name: 'Former' }));
  const byName = [...listedTenants, ...past].sort((a, b) => listed(a).localeCompare(listed(b)) || a.ledger_id.localeCompare(b.ledger_id));
  for (const t of byName) {
    yield {
      cells: [t.ledger_id, t.last_name ? t.first_name : '', t.last_name ?? '', t.last_name ? '' : t.first_name, t.street, t.street2, t.city, t.state,
        zipCell(t), t.email, phone(t)],
    };
  }
}

/** EasyStorage's insurance sheet: a row per insured unit, by policy number. */
function* insuranceRows(tenants: readonly SampleTenant[]): Generator<{ cells: Cell[] }> {
  yield { cells: ['Account ID', 'Unit', 'Protection Plan', 'Policy #', 'Coverage', 'Premium', 'Start Date'] };
  const insured = tenants.filter((t) => t.policy_number).sort((a, b) => a.policy_number.localeCompare(b.policy_number));
  for (const t of insured) {
    for (const unit of t.units) {
      const premium = t.insurance_premium ?? 0;
      yield { cells: [t.ledger_id, unit, 'Tenant Protection Plan', t.policy_number, dollars(premium * 250), dollars(premium), utcDate(t.move_in_date)] };
    }
  }
}

const fileStem = (options: SampleOptions): string => join(options.dir, `${options.software}-${options.facilityNumber ?? options.primeSiteId}`);

/** The sample, and the row each line of the rent roll went to (in file order). */
async function writeRentRoll(
  options: SampleOptions, damage: { edits: ReadonlyMap<number, LineEdit>; header: boolean; suffix: string; twoSites?: string; unknownEvery?: number },
): Promise<{ sample: SampleRentRoll; lineRows: number[] }> {
  const random = generator(options.seed);
  const format = FORMATS[options.software];
  if ((damage.twoSites || damage.unknownEvery) && format.site === 'title') {
    throw new Error(`a ${options.software} sample names its site once, above the header: its rows cannot name other sites`);
  }
  const tenants = sampleTenants(options, random);
  tenants.forEach((t, i) => {
    if (damage.twoSites && i >= tenants.length / 2) t.prime_site_id = damage.twoSites;
    if (damage.unknownEvery && i % damage.unknownEvery === damage.unknownEvery - 1) t.prime_site_id = UNKNOWN_PRIME_SITE_ID;
  });
  const columns = options.shuffleColumns ? shuffledColumns(format.columns, random) : format.columns;
  const lines = linesOf(format, tenants, random);
  await mkdir(options.dir, { recursive: true });
  const stem = `${fileStem(options)}${damage.suffix}`;
  const files: SampleFiles = { rent_roll: `${stem}-rent-roll.xlsx` };
  const plan: RentRollPlan = { format, columns, lines, title: facilityName(options.facilityNumber), header: damage.header, edits: damage.edits, blankEvery: 37 };
  await writeSheet(files.rent_roll, 'Rent Roll', columns.length, rentRollRows(plan, options.primeSiteId));
  if (options.software === 'easystorage') {
    files.tenant_address_list = `${stem}-tenant-address-list.xlsx`;
    files.insurance_sheet = `${stem}-insurance-sheet.xlsx`;
    await writeSheet(files.tenant_address_list, 'Addresses', 11, addressListRows(tenants, random));
    await writeSheet(files.insurance_sheet, 'Insurance', 7, insuranceRows(tenants));
  }
  const titles = format.titles('', '').length;
  // Titles, a blank row, then the header.
  const headerRow = damage.header ? (titles ? titles + 2 : 1) : 0;
  const inFileOrder = [...tenants].sort((a, b) => a.rows[0]! - b.rows[0]!);
  return { sample: { software: options.software, files, headerRow, tenants: inFileOrder, site: format.site }, lineRows: lines.map((l) => l.row!) };
}

function shuffledColumns(columns: readonly SampleColumn[], random: () => number): SampleColumn[] {
  const out = [...columns];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A realistic rent roll (and for EasyStorage its address list and insurance sheet); the same seed writes the same rows. */
export async function writeSampleRentRoll(options: SampleOptions): Promise<SampleRentRoll> {
  return (await writeRentRoll(options, { edits: new Map(), header: true, suffix: '' })).sample;
}

/**
 * What a damaged sample gets wrong:
 *   not_xlsx           the rent roll as CSV text, named .xlsx
 *   truncated          a real .xlsx cut off halfway, as an interrupted upload leaves it
 *   no_header          title rows and data, but no header row
 *   bad_date           the move-in date of line `line` is '13/45/2020'
 *   empty_unit         line `line` has no unit
 *   missing_tenant_id  line `line` has no tenant id
 *   missing_name       line `line` has no name
 *   missing_site       line `line` has no Prime Site ID
 *   two_sites          the second half of the tenants are under `otherPrimeSiteId` (another facility)
 *   stray_sites        every tenth tenant is under UNKNOWN_PRIME_SITE_ID
 * The last three need a software whose rows have a site column (not SiteLink - Web or StorEdge).
 * (A file all of whose rows name an unknown Prime Site ID is writeSampleRentRoll with UNKNOWN_PRIME_SITE_ID.)
 */
export type SampleDamage = 'not_xlsx' | 'truncated' | 'no_header' | 'bad_date' | 'empty_unit' | 'missing_tenant_id' | 'missing_name'
  | 'missing_site' | 'two_sites' | 'stray_sites';

export interface DamagedSample extends SampleRentRoll {
  /** The rent-roll row the damage is on, as Excel numbers it, for the damages of one line. */
  damagedRow: number | null;
}

export async function writeDamagedRentRoll(
  damage: SampleDamage, options: SampleOptions & { line?: number; otherPrimeSiteId?: string },
): Promise<DamagedSample> {
  const format = FORMATS[options.software];
  const line = (options.line ?? 5) - 1;
  const set = (headers: readonly string[], value: Cell): LineEdit => (cells) => { for (const h of headers) if (cells.has(h)) cells.set(h, value); };
  const lineEdits: Partial<Record<SampleDamage, LineEdit>> = {
    bad_date: set([format.marks.moveIn], '13/45/2020'),
    empty_unit: set([format.marks.unit], ''),
    missing_tenant_id: set([format.marks.ledger], ''),
    missing_name: set(format.marks.names, ''),
    missing_site: format.marks.site ? set([format.marks.site], '') : undefined,
  };
  if (damage === 'missing_site' && !format.marks.site) throw new Error(`a ${options.software} sample has no site column to empty`);
  const edit = lineEdits[damage];
  const { sample, lineRows } = await writeRentRoll(options, {
    edits: edit ? new Map([[line, edit]]) : new Map(),
    header: damage !== 'no_header',
    suffix: `-${damage.replace(/_/g, '-')}`,
    twoSites: damage === 'two_sites' ? options.otherPrimeSiteId ?? String(Number(options.primeSiteId) + 1) : undefined,
    unknownEvery: damage === 'stray_sites' ? 10 : undefined,
  });
  const path = sample.files.rent_roll;
  if (damage === 'not_xlsx') {
    const header = format.columns.map((c) => c.header).join(',');
    const rows = sample.tenants.map((t) => [t.prime_site_id, t.units.join(' '), t.ledger_id, listed(t).replace(/,/g, '')].join(','));
    await writeFile(path, `${header}\n${rows.join('\n')}\n`);
  }
  if (damage === 'truncated') await truncate(path, Math.floor((await stat(path)).size / 2));
  const damagedRow = edit ? lineRows[line] ?? null : null;
  if (edit && damagedRow === null) throw new Error(`the sample has no line ${line + 1}`);
  return { ...sample, damagedRow };
}

// ---------------------------------------------------------------------------------------------------
// The demo's samples

export interface DemoRentRoll extends SampleRentRoll {
  facility_number: string;
  prime_site_id: string;
}

/**
 * One sample of each software for a demo facility that runs it (SiteLink - ALP, which no demo facility
 * runs, for a SiteLink - Web facility: the same software family), each with its facility's Prime Site
 * ID, so importing it into that facility's cycle works. Ledger ids are far from the demo tenants', so
 * every tenant of a sample is new to the facility.
 */
export async function writeDemoRentRolls(dir: string, rows = 120): Promise<DemoRentRoll[]> {
  const runs = (software: ImportSoftware) => (software === 'sitelink_alp' ? 'sitelink_web' : software);
  const written: DemoRentRoll[] = [];
  for (const [i, software] of IMPORT_SOFTWARE_KEYS.entries()) {
    const candidates = DEMO_FACILITIES.filter((f) => f.software === runs(software) && f.retiredDaysAgo === undefined && f.cycles.length > 0);
    const facility = software === 'sitelink_alp' ? candidates[1]! : candidates[0]!;
    const sample = await writeSampleRentRoll({ software, primeSiteId: facility.prime_site_id, rows, seed: 8000 + i, dir, facilityNumber: facility.number });
    written.push({ ...sample, facility_number: facility.number, prime_site_id: facility.prime_site_id });
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const option = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
  };
  const dir = resolve(option('out', '.local/samples'));
  const rows = Number(option('rows', '120'));
  if (!Number.isInteger(rows) || rows < 1) {
    console.error('Usage: npx tsx localstack/samples/rent-rolls.ts [--out .local/samples] [--rows 120]');
    process.exit(2);
  }
  for (const sample of await writeDemoRentRolls(dir, rows)) {
    console.log(`${sample.software} for facility ${sample.facility_number} (Prime Site ID ${sample.prime_site_id}): ${Object.values(sample.files).join(', ')}`);
  }
}
