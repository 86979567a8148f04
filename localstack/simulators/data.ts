/**
 * What the local simulators of SiteLink, StorEdge and the CRM know. Every facility number here has a
 * SiteLink coverage table, StorEdge invoiceable items and a CRM account, so the demo seed may give a
 * demo facility (1001-1025) either software; a demo facility's plans are the demo program's own, and
 * its coverage options carry their ids, as if loaded from the software. 1026-1030 are in the outside
 * systems but not in the program: facilities to add through 'Load from CRM'. 1030 has two CRM accounts (a store that changed
 * hands), to show 'Found 2 facilities'. 1100-1999 are known to SiteLink and StorEdge only (no CRM
 * account, not in the program): tests that set up a facility of their own take one. Each known
 * facility's tenant ledgers have a state (current, moved out, insured, details changed or unknown)
 * drawn from the facility and ledger id (simulatedLedger). Deterministic: the same records on every start.
 */
import { createHash } from 'node:crypto';
import { DEMO_FACILITIES, demoPlanAmounts } from '../demo/facilities';

/**
 * Facility numbers that make every simulator misbehave instead, to try the program's failure answers
 * (docs/decisions.md, "Outside systems"). Any other number not listed above is unknown to the system.
 */
export const SIMULATOR_TRIGGERS = {
  /** A known facility with no insurance options (SiteLink: no rows; StorEdge: no items). The CRM answers 204. */
  noCoverages: '9204',
  /** An answer that cannot be parsed (broken XML, not JSON). */
  unparseable: '9400',
  /** The system refuses the program's credentials (SiteLink Ret_Code -99, StorEdge/CRM 401). */
  credentialsRefused: '9401',
  /** A well-formed answer of the wrong shape (rows without coverage amounts, records without ids). */
  wrongShape: '9422',
  /** HTTP 500 (SiteLink: a SOAP fault). */
  serverError: '9500',
  /** The connection is dropped before any answer. */
  connectionDropped: '9502',
  /** No answer at all: the request hangs until the caller gives up. */
  hang: '9504',
} as const;

export const DEMO_FACILITY_NUMBERS = Array.from({ length: 25 }, (_, i) => String(1001 + i));
export const SIMULATED_FACILITY_NUMBERS = Array.from({ length: 30 }, (_, i) => String(1001 + i));
/** Facility numbers SiteLink and StorEdge know besides SIMULATED_FACILITY_NUMBERS (not the CRM, not the demo). */
export const SOFTWARE_ONLY_FACILITY_RANGE = { first: 1100, last: 1999 } as const;

/** Does SiteLink / StorEdge know this facility (location code, facility id)? The noCoverages trigger is a known facility too. */
export function knownToSoftware(facilityNumber: string): boolean {
  if (facilityNumber === SIMULATOR_TRIGGERS.noCoverages || SIMULATED_FACILITY_NUMBERS.includes(facilityNumber)) return true;
  const n = /^\d{4}$/.test(facilityNumber) ? Number(facilityNumber) : NaN;
  return n >= SOFTWARE_ONLY_FACILITY_RANGE.first && n <= SOFTWARE_ONLY_FACILITY_RANGE.last;
}

/** Coverage (amount insured) and monthly premium pairs; each facility offers one plan. */
const PLANS: readonly (readonly [coverage: number, premium: number, description: string])[][] = [
  [[2000, 12, 'Basic'], [3000, 16, 'Standard'], [5000, 22, 'Premium']],
  [[1000, 9, 'Essential'], [2000, 12, 'Basic'], [3000, 15, 'Standard'], [5000, 21, 'Premium'], [10000, 32, 'Elite']],
  [[2500, 14, 'Standard'], [5000, 24, 'Plus'], [7500, 32, 'Premium'], [10000, 39, 'Elite']],
  [[2000, 10.95, 'Bronze'], [4000, 17.95, 'Silver'], [6000, 23.95, 'Gold']],
];
const PROVIDERS = ['Storage Protection Insurance', 'SafeStor Tenant Protection', 'Bader Tenant Insurance'];

export interface SiteLinkCoverageRow {
  InsurCoverageID: string;
  SiteID: string;
  dcCoverage: number;
  dcPremium: number;
  dcPCTheft: number;
  sCoverageDesc: string;
  sProvidor: string;
}

export interface StorEdgeItem {
  id: string;
  kind: 'insurance' | 'merchandise' | 'fee';
  name: string;
  short_description: string;
  amount: number;
  coverage_amount: number | null;
  active: boolean;
  taxable: boolean;
  created_at: string;
  updated_at: string;
}

export interface CrmAccount {
  id: string;
  Facility_Number: string;
  Corporate_Group_Number: string | null;
  Account_Name: string | null;
  Address: string | null;
  Address_2: string | null;
  City: string | null;
  State: string | null;
  ZIP_Code: string | null;
  Property_Mgr: string | null;
  Site_Email: string | null;
  Phone: string | null;
  Fax: string | null;
}

const index = (n: string) => Number(n) - 1001;
const TIERS = ['Basic', 'Standard', 'Plus', 'Premium', 'Elite', 'Platinum', 'Signature', 'Ultimate'];
/** A facility's plans: a demo facility's are the demo program's own (localstack/demo/facilities.ts demoPlanAmounts). */
function planOf(n: string): readonly (readonly [coverage: number, premium: number, description: string])[] {
  const demo = DEMO_FACILITIES.find((f) => f.number === n);
  if (demo) return demoPlanAmounts(demo).map(({ coverage, premium }, i) => [coverage, premium, TIERS[i] ?? `Tier ${i + 1}`] as const);
  return PLANS[index(n) % PLANS.length]!;
}

/** A UUID-shaped id that stays the same for the same seed text, as StorEdge ids do across restarts. */
const stableUuid = (seed: string) => {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export function siteLinkCoverages(facilityNumber: string): SiteLinkCoverageRow[] {
  if (facilityNumber === SIMULATOR_TRIGGERS.noCoverages) return [];
  if (!knownToSoftware(facilityNumber)) throw new Error(`no SiteLink location ${facilityNumber}`);
  const provider = PROVIDERS[index(facilityNumber) % PROVIDERS.length]!;
  return planOf(facilityNumber).map(([coverage, premium, description], i) => ({
    InsurCoverageID: String(Number(facilityNumber) * 100 + i + 1),
    SiteID: String(40000 + index(facilityNumber)),
    dcCoverage: coverage,
    dcPremium: premium,
    dcPCTheft: 100,
    sCoverageDesc: `${description} $${coverage.toLocaleString('en-US')} coverage`,
    sProvidor: provider,
  }));
}

export function storEdgeItems(facilityNumber: string): StorEdgeItem[] {
  if (facilityNumber === SIMULATOR_TRIGGERS.noCoverages) return [];
  if (!knownToSoftware(facilityNumber)) throw new Error(`no StorEdge facility ${facilityNumber}`);
  const stamp = '2025-01-15T14:02:11.000Z';
  const item = (key: string, rest: Omit<StorEdgeItem, 'id' | 'created_at' | 'updated_at' | 'taxable'>): StorEdgeItem => ({
    id: stableUuid(`storedge-${facilityNumber}-${key}`), taxable: false, created_at: stamp, updated_at: stamp, ...rest,
  });
  const plans = planOf(facilityNumber).map(([coverage, premium, description]) => item(`ins-${coverage}`, {
    kind: 'insurance', name: `${description} Protection Plan`, short_description: `$${coverage.toLocaleString('en-US')} tenant protection`,
    amount: premium, coverage_amount: coverage, active: true,
  }));
  return [
    ...plans,
    // A retired plan and goods that are not insurance: the client must leave both out.
    item('ins-legacy', { kind: 'insurance', name: 'Legacy Protection Plan', short_description: '$1,500 tenant protection (retired)', amount: 8, coverage_amount: 1500, active: false }),
    item('lock', { kind: 'merchandise', name: 'Disc Lock', short_description: 'Cylinder disc lock', amount: 14.99, coverage_amount: null, active: true }),
    item('admin-fee', { kind: 'fee', name: 'Admin Fee', short_description: 'One-time administration fee', amount: 25, coverage_amount: null, active: true }),
  ];
}

const BRANDS = ['Lakeside Storage', 'Red Barn Self Storage', 'Guardian Mini Storage', 'Summit Storage Center', 'Prairie Lock & Store'];
const PLACES: readonly (readonly [street: string, city: string, state: string, zip: string, area: string])[] = [
  ['4100 Lake Austin Blvd', 'Austin', 'TX', '78703', '512'],
  ['2215 N Central Expy', 'Plano', 'TX', '75075', '972'],
  ['880 Peachtree Industrial Blvd', 'Suwanee', 'GA', '30024', '770'],
  ['1420 E Camelback Rd', 'Phoenix', 'AZ', '85014', '602'],
  ['6010 W Colfax Ave', 'Lakewood', 'CO', '80214', '303'],
  ['315 Route 9', 'Manalapan', 'NJ', '07726', '732'],
  ['7700 N Military Trl', 'West Palm Beach', 'FL', '33410', '561'],
  ['2900 S Dort Hwy', 'Flint', 'MI', '48507', '810'],
  ['1855 Lejeune Blvd', 'Jacksonville', 'NC', '28546', '910'],
  ['410 Industrial Park Rd', 'Bozeman', 'MT', '59715', '406'],
  ['125 Calle Loiza', 'San Juan', 'PR', '00911', '787'],
  ['9901 Reseda Blvd', 'Northridge', 'CA', '91324', '818'],
  ['3021 Lee Hwy', 'Arlington', 'VA', '22201', '703'],
];
const MANAGERS = ['Maria Lopez', 'James Carter', 'Aisha Patel', 'Tom Becker', 'Linda Nguyen', 'Robert Ellis', 'Karen O\'Neil', 'Diego Ramos'];

function crmAccount(facilityNumber: string, variant = 0): CrmAccount {
  const i = index(facilityNumber) + variant * 7;
  const [street, city, state, zip, area] = PLACES[i % PLACES.length]!;
  const brand = BRANDS[i % BRANDS.length]!;
  const line = String(1000 + ((Number(facilityNumber) * 37 + variant * 11) % 9000)).padStart(4, '0');
  return {
    id: `48768760000${String(Number(facilityNumber) * 10 + variant).padStart(8, '0')}`,
    Facility_Number: facilityNumber,
    Corporate_Group_Number: i % 6 === 5 ? null : `CG-${200 + (i % 4) * 10}`,
    Account_Name: `${brand} - ${city}${variant ? ' (former owner)' : ''}`,
    Address: street,
    Address_2: i % 5 === 2 ? `Suite ${100 + i}` : null,
    City: city,
    State: state,
    ZIP_Code: zip,
    Property_Mgr: i % 9 === 8 ? null : MANAGERS[i % MANAGERS.length]!,
    Site_Email: i % 9 === 8 ? null : `store${facilityNumber}@${brand.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    Phone: `${area}555${line}`,
    Fax: i % 3 === 0 ? `${area}556${line}` : null,
  };
}

/** The CRM's accounts, one per simulated facility number plus a second account for 1030. */
export const CRM_ACCOUNTS: readonly CrmAccount[] = [
  ...SIMULATED_FACILITY_NUMBERS.map((n) => crmAccount(n)),
  crmAccount('1030', 1),
];

/**
 * A tenant ledger as the facility software holds it. The simulators keep no rent roll of their own:
 * a ledger's state is drawn from its facility and ledger id (the same id always answers the same), in
 * about these shares: 60% current, 5% current with another unit and address (the tenant moved house or
 * changed units), 12% moved out, 12% insured through one of the facility's own plans, 11% unknown (no
 * such ledger). Only a 'details_changed' ledger carries a unit and an address: the others leave them
 * blank, so that a status sync of the demo data does not rewrite every tenant's address with made-up
 * ones.
 */
export type SimulatedLedgerKind = 'current' | 'details_changed' | 'moved_out' | 'insured';

export interface SimulatedLedger {
  ledgerId: string;
  kind: SimulatedLedgerKind;
  /** YYYY-MM-DD, in 2025 (so always in the past), for moved-out ledgers. */
  moveOutDate: string | null;
  unit: string | null;
  address: { street: string; street2: string | null; city: string; state: string; zip: string } | null;
  /** Index into the facility's plans (siteLinkCoverages / the StorEdge insurance items) for insured ledgers. */
  planIndex: number | null;
}

/** The kind of ledger each hundredth of the hash lands in, in order: [kind, up to (exclusive)]. */
const LEDGER_SHARES: readonly (readonly [SimulatedLedgerKind | 'unknown', number])[] = [
  ['current', 60], ['details_changed', 65], ['moved_out', 77], ['insured', 89], ['unknown', 100],
];

const ledgerHash = (facilityNumber: string, ledgerId: string): Buffer =>
  createHash('sha1').update(`ledger\u0000${facilityNumber}\u0000${ledgerId.trim().toLowerCase()}`).digest();

/** The ledger as the facility's software knows it, or null when it knows no such ledger (or the facility). */
export function simulatedLedger(facilityNumber: string, ledgerId: string): SimulatedLedger | null {
  const id = ledgerId.trim();
  if (!id || !knownToSoftware(facilityNumber)) return null;
  const h = ledgerHash(facilityNumber, id);
  const bucket = h.readUInt32BE(0) % 100;
  const kind = LEDGER_SHARES.find(([, upTo]) => bucket < upTo)![0];
  if (kind === 'unknown') return null;
  const ledger: SimulatedLedger = { ledgerId: id, kind, moveOutDate: null, unit: null, address: null, planIndex: null };
  if (kind === 'moved_out') {
    ledger.moveOutDate = new Date(Date.UTC(2025, 0, 1) + (h.readUInt16BE(4) % 365) * 86_400_000).toISOString().slice(0, 10);
  } else if (kind === 'insured') {
    const plans = siteLinkCoverages(facilityNumber);
    ledger.planIndex = plans.length ? h.readUInt16BE(6) % plans.length : null;
    if (ledger.planIndex === null) ledger.kind = 'current';
  } else if (kind === 'details_changed') {
    const [, city, state, zip] = PLACES[h.readUInt16BE(8) % PLACES.length]!;
    ledger.unit = `${'ABCDE'[h[10]! % 5]}${100 + (h.readUInt16BE(11) % 400)}`;
    ledger.address = { street: `${100 + (h.readUInt16BE(13) % 9800)} Relocation Way`, street2: h[15]! % 3 === 0 ? `Apt ${1 + (h[16]! % 40)}` : null, city, state, zip };
  }
  return ledger;
}

/** Ledger ids of the given kind at a facility, `count` of them, from '{prefix}1' on: tests pick their ledgers with it. */
export function ledgerIdsOfKind(facilityNumber: string, kind: SimulatedLedgerKind | 'unknown', count: number, prefix = 'L'): string[] {
  const ids: string[] = [];
  for (let i = 1; ids.length < count && i < 100_000; i += 1) {
    const ledger = simulatedLedger(facilityNumber, `${prefix}${i}`);
    if ((ledger?.kind ?? 'unknown') === kind) ids.push(`${prefix}${i}`);
  }
  return ids;
}
