/**
 * Demo tenants: names, units and ledgers from a seeded generator, so a facility's tenants are the same
 * on every machine and every run. Statuses and dates come from the cycle's plan (localstack/demo/cycles.ts).
 */
import type { NewTenant } from '../../functions/tenants/tenant-store';

/** mulberry32: a small deterministic generator; the seed makes each cycle's tenants reproducible. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Fisher-Yates with the seeded generator. */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Charles', 'Sarah', 'Christopher', 'Lisa', 'Daniel', 'Nancy',
  'Matthew', 'Sandra', 'Anthony', 'Ashley', 'Mark', 'Emily', 'Steven', 'Donna', 'Andrew', 'Michelle', 'Joshua', 'Carol',
  'Kenneth', 'Amanda', 'Kevin', 'Melissa', 'Brian', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Jason', 'Laura',
  'Luis', 'Ana', 'Wei', 'Mei', 'Arjun', 'Priya', 'Omar', 'Fatima', 'Kwame', 'Amara', 'Hiroshi', 'Yuki',
];

const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
  'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
  'Carter', 'Roberts', 'Chen', 'Patel', 'Okafor', 'Kowalski', "O'Brien", 'Nakamura', 'Haddad', 'Schmidt', 'Novak', 'Ivanova',
];

/** Businesses rent units too; they have no last name (spec: last_name may be null). */
const BUSINESSES = ['Acme Landscaping', 'Bright Smile Dental', 'Northside Youth Soccer', 'Harbor Catering', 'Summit Roofing', 'Green Thumb Nursery'];

const STREETS = [
  'Oak Street', 'Elm Avenue', 'Cedar Lane', 'Park Avenue', 'Washington Street', 'Lake Drive', 'Hillcrest Road', 'Sunset Boulevard',
  'Main Street', 'Highland Avenue', 'Church Street', 'Willow Way', 'Birch Court', 'Meadow Lane', 'Ridge Road', 'Spring Street',
];

export interface TenantPlace {
  facility_number: string;
  city: string;
  state: string;
  zip_code: string;
}

/**
 * What the facility software holds besides name and address: dates of the lease, ledger ids, extra units,
 * and now and then an address with a part missing (the lists' incomplete-address warning).
 * Drawn from the tenant's own ledger number, so adding fields never changes who the demo tenants are.
 */
function softwareFields(ledgerId: string, today: string): Partial<NewTenant> {
  const random = generator(Number(ledgerId) * 7919);
  const moveIn = new Date(Date.parse(`${today}T00:00:00Z`) - Math.floor(60 + random() * 2500) * 86_400_000).toISOString().slice(0, 10);
  // Most facilities bill on the 1st; some on the move-in day of the month (the anniversary icon).
  const anniversary = random() < 0.3 && moveIn.slice(8, 10) !== '01';
  const billing = `${today.slice(0, 8)}${anniversary ? moveIn.slice(8, 10) : '01'}`;
  const extra = random() < 0.08;
  return {
    move_in_date: moveIn,
    billing_date: billing <= today ? billing : `${today.slice(0, 8)}01`,
    insur_ledger_id: `IL${ledgerId}`,
    country: 'US',
    ...(extra ? { units: [] as string[] } : {}),
    ...(random() < 0.03 ? { city: '' } : random() < 0.02 ? { zip_code: '' } : {}),
  };
}

/** A tenant before its status: who and where, with a unit and ledger unique within the cycle. */
export function tenantIdentities(random: () => number, place: TenantPlace, count: number, today = new Date().toISOString().slice(0, 10)): NewTenant[] {
  const units = shuffled(random, Array.from({ length: Math.max(count * 3, 60) }, (_, i) => `${'ABCD'[i % 4]}${100 + Math.floor(i / 4)}`)).slice(0, count);
  return units.map((unit, i): NewTenant => {
    const business = random() < 0.04;
    const first = business ? pick(random, BUSINESSES) : pick(random, FIRST_NAMES);
    const last = business ? null : pick(random, LAST_NAMES);
    const handle = `${first}.${last ?? 'office'}`.toLowerCase().replace(/[^a-z.]/g, '');
    const tenant: NewTenant = {
      facility_id: '', cycle_id: '', facility_number: place.facility_number,
      first_name: first, last_name: last,
      email: random() < 0.1 ? '' : `${handle}${Math.floor(random() * 90) + 10}@mail.example`,
      address: `${Math.floor(random() * 9800) + 100} ${pick(random, STREETS)}${random() < 0.3 ? `, Apt ${Math.floor(random() * 40) + 1}` : ''}`,
      city: place.city, state: place.state, zip_code: place.zip_code,
      unit, ledger_id: String(100000 + Math.floor(random() * 800000) + i),
      coverage_id: null, status: null, tagged_for_removal: false,
      charge_applied_date: null, payment_confirmed_date: null, setup_insurance_date: null,
      initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null,
      provided_proof_date: null, opt_out_date: null, move_out_date: null, bad_address_date: null,
    };
    const fields = softwareFields(tenant.ledger_id, today);
    // A tenant renting two units lists both (spec §3 units); the second is the next unit of its row.
    if (fields.units) fields.units = [unit, `${unit.slice(0, 1)}${Number(unit.slice(1)) + 1}`];
    return { ...tenant, ...fields, city: fields.city ?? tenant.city, zip_code: fields.zip_code ?? tenant.zip_code };
  });
}
