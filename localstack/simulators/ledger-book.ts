/**
 * What a SiteLink or StorEdge simulator remembers between calls: each facility's units and tenant
 * ledgers, with the insurance written to them. Each simulator keeps its own book, in memory, for as
 * long as it runs (a restart forgets every write, like a fresh test environment).
 *
 * A facility's book starts with its roster, the same on every start: ROSTER_UNITS units (30 to 70 by
 * the facility number), unit i named E100, F100, G100, H100, E101, ... (rows E-H, so they do not look
 * like the demo tenants' A-D units) with a ledger of id `{facility}{i as 3 digits}` (1101001, 1101002,
 * ...). That ledger's state is simulatedLedger's (data.ts): a ledger it does not know, or one moved out,
 * leaves its unit vacant. Any other ledger the program asks about or writes to, that the software
 * knows, joins the book on first sight with a unit of its own (nameless unless simulatedLedger gave the
 * ledger a changed unit: the simulator does not know the program's unit names). Every ledger gets a
 * TenantID and a UnitID (SiteLink's numbers: 5001, 5002, ... and 1001, 1002, ... in the order the
 * ledgers joined), a tenant name, a unit size and rent and a lease date drawn from its id. An 'insured'
 * ledger starts with the insurance simulatedLedger gave it; a write replaces it and is counted.
 */
import { createHash } from 'node:crypto';
import type { LedgerState, SimulatedInsurance } from './control';
import { knownToSoftware, simulatedLedger } from './data';
import type { SimulatedLedger } from './data';

export const rosterUnits = (facility: string): number => 30 + (Number(facility) % 5) * 10;
export const rosterLedgerId = (facility: string, unitIndex: number): string => `${facility}${String(unitIndex).padStart(3, '0')}`;
const rosterUnitName = (i: number) => `${'EFGH'[(i - 1) % 4]}${100 + Math.floor((i - 1) / 4)}`;

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia', 'Ezra', 'Harper', 'Asher'];
const LAST = ['Garcia', 'Smith', 'Johnson', 'Nguyen', 'Brown', 'Martinez', 'Davis', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'White', 'Lee', 'Clark', 'Young'];
const COMPANIES = ['Acme Landscaping LLC', 'Blue Door Realty', 'Northside Church', 'Parker Event Rentals'];
/** Unit sizes: label, width, length, type and street rate. */
const SIZES = [
  ['5x5', 5, 5, 'Indoor Self Storage', 45], ['5x10', 5, 10, 'Indoor Self Storage', 65], ['10x10', 10, 10, 'Indoor Self Storage', 95],
  ['10x15', 10, 15, 'Drive Up', 125], ['10x20', 10, 20, 'Drive Up', 150], ['10x30', 10, 30, 'Drive Up', 210],
] as const;

export interface BookUnit {
  unitId: string;
  /** null: a unit of a ledger the program asked about, whose name the simulator does not know. */
  unitName: string | null;
  size: string;
  width: number;
  length: number;
  typeName: string;
  stdRate: number;
  /** The ledger on the unit (moved out: the unit is vacant); null when the unit never had one here. */
  ledger: BookLedger | null;
}

export interface BookLedger {
  facility: string;
  /** The id as first seen (lookups ignore case, as the simulators always have). */
  ledgerId: string;
  base: SimulatedLedger;
  /** One of the facility's roster ledgers (the simulator's own tenants, not one the program asked about first). */
  roster: boolean;
  tenantId: string;
  unit: BookUnit;
  firstName: string;
  lastName: string;
  company: string | null;
  email: string;
  rent: number;
  /** YYYY-MM-DD */
  leaseDate: string;
  insurance: SimulatedInsurance | null;
  insuranceWrites: number;
}

interface FacilityBook {
  units: BookUnit[];
  ledgers: Map<string, BookLedger>;
  byTenantUnit: Map<string, BookLedger>;
}

const hashOf = (...parts: string[]) => createHash('sha1').update(parts.join('\u0000')).digest();
const tenantUnitKey = (tenantId: string, unitId: string) => `${tenantId.trim()}/${unitId.trim()}`;

export class LedgerBook {
  private readonly facilities = new Map<string, FacilityBook>();

  /** `baseInsurance`: what an 'insured' ledger carries before any write, in this simulator's terms. */
  constructor(private readonly baseInsurance: (facility: string, ledger: SimulatedLedger) => SimulatedInsurance | null) {}

  /** The ledger, joining the facility's book on first sight; null when the software does not have it. */
  ledger(facility: string, ledgerId: string): BookLedger | null {
    const book = this.book(facility);
    if (!book) return null;
    const id = ledgerId.trim();
    const known = book.ledgers.get(id.toLowerCase());
    if (known) return known;
    const base = simulatedLedger(facility, id);
    if (!base) return null;
    const h = hashOf('unit', facility, id.toLowerCase());
    return this.enter(book, facility, base, this.unit(book, base.unit, h), false);
  }

  /** The ledger of this tenant on this unit (SiteLink's InsuranceCoverageAddToLedger names it so), if the book has it. */
  byTenantUnit(facility: string, tenantId: string, unitId: string): BookLedger | null {
    return this.book(facility)?.byTenantUnit.get(tenantUnitKey(tenantId, unitId)) ?? null;
  }

  /** The facility's units in the order they joined (the roster first); empty for a facility the software does not know. */
  units(facility: string): readonly BookUnit[] {
    return this.book(facility)?.units ?? [];
  }

  /** Every ledger of the facility's book, in unit order. */
  ledgers(facility: string): BookLedger[] {
    return this.units(facility).flatMap((u) => (u.ledger ? [u.ledger] : []));
  }

  /** What the control API shows of a ledger; a ledger the software does not have holds nothing. Does not add it to the book. */
  state(facility: string, ledgerId: string): LedgerState {
    const entry = this.book(facility)?.ledgers.get(ledgerId.trim().toLowerCase());
    if (entry) return { insurance: entry.insurance, insurance_writes: entry.insuranceWrites };
    const base = simulatedLedger(facility, ledgerId);
    return { insurance: base ? this.baseInsurance(facility, base) : null, insurance_writes: 0 };
  }

  /** Puts insurance on the ledger (replacing any) and counts the write. */
  writeInsurance(entry: BookLedger, insurance: SimulatedInsurance): void {
    entry.insurance = insurance;
    entry.insuranceWrites += 1;
  }

  private book(facility: string): FacilityBook | null {
    const found = this.facilities.get(facility);
    if (found) return found;
    if (!knownToSoftware(facility)) return null;
    const book: FacilityBook = { units: [], ledgers: new Map(), byTenantUnit: new Map() };
    this.facilities.set(facility, book);
    for (let i = 1; i <= rosterUnits(facility); i += 1) {
      const unit = this.unit(book, rosterUnitName(i), hashOf('roster', facility, String(i)));
      const base = simulatedLedger(facility, rosterLedgerId(facility, i));
      if (base) this.enter(book, facility, base, unit, true);
    }
    return book;
  }

  private unit(book: FacilityBook, name: string | null, h: Buffer): BookUnit {
    const [size, width, length, typeName, stdRate] = SIZES[h[0]! % SIZES.length]!;
    const unit: BookUnit = { unitId: String(1001 + book.units.length), unitName: name, size, width, length, typeName, stdRate, ledger: null };
    book.units.push(unit);
    return unit;
  }

  private enter(book: FacilityBook, facility: string, base: SimulatedLedger, unit: BookUnit, roster: boolean): BookLedger {
    const h = hashOf('tenant', facility, base.ledgerId.toLowerCase());
    const firstName = FIRST[h[0]! % FIRST.length]!;
    const lastName = LAST[h[1]! % LAST.length]!;
    const entry: BookLedger = {
      facility,
      ledgerId: base.ledgerId,
      base,
      roster,
      tenantId: String(5001 + book.ledgers.size),
      unit,
      firstName,
      lastName,
      company: h[2]! % 25 === 0 ? COMPANIES[h[3]! % COMPANIES.length]! : null,
      email: `${firstName}.${lastName}${h[4]! % 90 + 10}@mail.example`.toLowerCase(),
      rent: unit.stdRate + (h[5]! % 5) * 3,
      leaseDate: new Date(Date.UTC(2018, 0, 1) + (h.readUInt16BE(6) % 2700) * 86_400_000).toISOString().slice(0, 10),
      insurance: this.baseInsurance(facility, base),
      insuranceWrites: 0,
    };
    unit.ledger = entry;
    book.ledgers.set(base.ledgerId.toLowerCase(), entry);
    book.byTenantUnit.set(tenantUnitKey(entry.tenantId, unit.unitId), entry);
    return entry;
  }
}

/**
 * The unit name a ledger read answers: the roster unit of a roster ledger, the changed unit of another
 * 'details_changed' ledger, else none, so that a status sync of the program's own tenants keeps their units
 * (docs/decisions.md, "Letters: ineligible tenants and status sync").
 */
export const ledgerUnitName = (entry: BookLedger): string | null => (entry.roster ? entry.unit.unitName : entry.base.unit);

/** The start date (YYYY-MM-DD, in 2024) of the insurance an 'insured' ledger has before any write. */
export function baseInsuranceStart(facility: string, ledgerId: string): string {
  const h = hashOf('insurance-start', facility, ledgerId.trim().toLowerCase());
  return new Date(Date.UTC(2024, 0, 1) + (h.readUInt16BE(0) % 366) * 86_400_000).toISOString().slice(0, 10);
}
