/**
 * Writes the demo program (localstack/demo/facilities.ts) through the stores the API uses: facilities
 * with createFacility, cycles with createCycle/updateCycle, tenants with createTenants (chunked
 * transactions that keep the counters, so every stat, flag and COUNTS item is what the API maintains).
 *
 * Run again, it leaves a facility that already has its cycles alone (no duplicates, no reset of what
 * someone changed while trying the app); it only re-links the facility to its manager account.
 */
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { createCycle, updateCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createFacility, facilityCycleIds, getFacility, newFacilityFields, updateFacility } from '../../functions/facilities/facility-store';
import type { NewTenant } from '../../functions/tenants/tenant-store';
import { createTenants } from '../../functions/tenants/tenant-store';
import type { CoverageOption } from '../../shared/contracts/program';
import { DEFAULT_INSURANCE_PROGRAMS, DEFAULT_STATE_COVERAGES } from '../../shared/reference-data';
import type { StateCode } from '../../shared/states';
import { cycleChangesFor, cycleDatesOf, cycleLabelOf, dayAfter, tenantsFor } from './cycles';
import type { DemoFacility } from './facilities';
import { DEMO_FACILITIES } from './facilities';
import { generator, tenantIdentities } from './tenants';

export const demoFacilityId = (facilityNumber: string): string => `demo-facility-${facilityNumber}`;

/** The demo manager of facility 1001 is 'manager'; every other facility's is 'manager{number}'. */
export const demoManagerUsername = (facilityNumber: string): string => (facilityNumber === '1001' ? 'manager' : `manager${facilityNumber}`);

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const personEmail = (name: string) => `${slug(name).replace(/-/g, '.')}@storage.example`;

/** Manager accounts of facilities 1002-1025 (1001's is the demo 'manager' in localstack/seed.ts). */
export const DEMO_MANAGERS = DEMO_FACILITIES.filter((f) => f.number !== '1001').map((f) => ({
  username: demoManagerUsername(f.number),
  real_name: f.contact_name,
  email: personEmail(f.contact_name),
  is_admin: false,
  is_monitor: false,
  facility_id: demoFacilityId(f.number),
  has_changed_password: !f.freshManager,
}));

/** Today as the server dates things (UTC calendar day). */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);

function coveragesOf(f: DemoFacility): CoverageOption[] {
  if (f.number === '1001') return [{ coverage: 2000, premium: 12 }, { coverage: 5000, premium: 18 }];
  return DEFAULT_STATE_COVERAGES[f.state as StateCode].map((o, i) => ({
    coverage: o.coverage,
    premium: o.premium,
    ...(f.software === 'sitelink_web' ? { sitelink_coverage_id: String(7100 + Number(f.number.slice(-2)) * 10 + i) } : {}),
    ...(f.software === 'storedge' ? { storedge_coverage_id: `se-${f.number}-${o.coverage}` } : {}),
  }));
}

/** A cycle's tenants, the same on every machine and run (the generator is seeded by facility and cycle). */
function plannedTenants(f: DemoFacility, index: number, today: string): NewTenant[] {
  const plan = f.cycles[index]!;
  if (plan.tenants === 0) return [];
  const random = generator(Number(f.number) * 100 + index);
  const identities = tenantIdentities(random, { facility_number: f.number, city: f.city, state: f.state, zip_code: f.zip_code }, plan.tenants);
  return tenantsFor(plan, identities, coveragesOf(f), today, random);
}

function facilityFields(f: DemoFacility, managerUserId: string | null, today: string) {
  const program = DEFAULT_INSURANCE_PROGRAMS.find((p) => p.key === f.program)!;
  // The facility record shows its newest cycle with tenants: its dates, and its letters and confirmation
  // as Mark Letters Sent and Confirm leave them on the facility.
  const index = f.cycles.findLastIndex((c) => c.tenants > 0);
  const current = f.cycles[index];
  const dates = current ? cycleDatesOf(dayAfter(today, current.initialLetterIn)) : null;
  const state = current ? cycleChangesFor(current, plannedTenants(f, index, today), today) : {};
  return newFacilityFields({
    id: demoFacilityId(f.number),
    facility_number: f.number,
    prime_site_id: f.prime_site_id,
    account_name: f.account_name,
    corporate_group: f.corporate_group,
    address: f.address,
    city: f.city,
    state: f.state,
    zip_code: f.zip_code,
    software: f.software,
    insurance_program_key: program.key,
    insurance_program_label: program.label,
    note: f.note ?? '',
    contact_name: f.contact_name,
    email: f.number === '1001' ? 'maple@storage.example' : `${slug(f.account_name)}@storage.example`,
    phone: f.phone,
    fax: f.fax ?? null,
    additional_contacts: (f.contacts ?? []).map((c, i) => ({ ...c, email: personEmail(c.name), phone: `${f.phone.slice(-10, -4)}55${String(i).padStart(2, '0')}` })),
    coverages: coveragesOf(f),
    was_prime: f.was_prime ?? false,
    uses_updated_lease_language: f.uses_updated_lease_language ?? true,
    lease_section_number: f.uses_updated_lease_language === false ? '14' : '21',
    lease_section_text: f.uses_updated_lease_language === false
      ? 'Tenant shall maintain insurance on stored property.'
      : 'Tenant shall keep the stored property insured against loss, either under the facility\'s tenant protection plan or under a policy of their own.',
    brochure_url: `https://storage.example/${f.number}/brochure.pdf`,
    certificate_url: `https://storage.example/${f.number}/certificate.pdf`,
    initial_letter_send_date: dates?.initial_letter_send_date ?? null,
    reminder_letter_send_date: dates?.reminder_letter_send_date ?? null,
    welcome_letter_send_date: dates ? dayAfter(dates.initial_letter_send_date!, 50) : null,
    letter_effective_date: dates?.letter_effective_date ?? null,
    initial_letter_sent_date: state.initial_letter_sent_date ?? null,
    reminder_letter_sent_date: state.reminder_letter_sent_date ?? null,
    welcome_letter_sent_date: state.welcome_letter_sent_date ?? null,
    confirmed_move_outs_date: state.confirmed_move_outs_date ?? null,
    confirmed_no_move_outs_date: state.confirmed_no_move_outs_date ?? null,
    can_tag_removal: state.can_tag_removal ?? true,
    manager_user_id: managerUserId,
    retired_at: f.retiredDaysAgo ? `${dayAfter(today, -f.retiredDaysAgo)}T15:00:00.000Z` : null,
  });
}

async function writeCycle(facility: FacilityRecord, f: DemoFacility, index: number, today: string): Promise<CycleRecord> {
  const plan = f.cycles[index]!;
  const cycle = await createCycle({
    facility_id: facility.id, facility_number: facility.facility_number, label: cycleLabelOf(plan, today),
    ...cycleDatesOf(dayAfter(today, plan.initialLetterIn)),
  });
  const tenants = plannedTenants(f, index, today);
  if (tenants.length) await createTenants(cycle, tenants);
  const changes = cycleChangesFor(plan, tenants, today);
  return Object.keys(changes).length ? updateCycle(cycle, changes) : cycle;
}

export interface DemoProgramResult {
  facilitiesCreated: number;
  cyclesCreated: number;
  tenantsCreated: number;
}

async function seedFacility(f: DemoFacility, managerUserId: string | null, today: string, result: DemoProgramResult): Promise<void> {
  let facility = await getFacility(demoFacilityId(f.number));
  if (facility) {
    if (facility.manager_user_id !== managerUserId) facility = await updateFacility(facility, { manager_user_id: managerUserId });
    // A facility from an older seed (or a run stopped before its cycles) gets its cycles; one that has them is left alone.
    if ((await facilityCycleIds(facility.id)).length > 0) return;
  } else {
    facility = await createFacility(facilityFields(f, managerUserId, today));
    result.facilitiesCreated += 1;
  }
  for (const [index, plan] of f.cycles.entries()) {
    await writeCycle(facility, f, index, today);
    result.cyclesCreated += 1;
    result.tenantsCreated += plan.tenants;
  }
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The demo facilities, their cycles and tenants. `managerIds` maps each facility id to its manager's
 * user id. Facilities are written a few at a time: the emulator takes DynamoDB calls one at
 * a time, but the round trips overlap.
 */
export async function seedDemoProgram(managerIds: ReadonlyMap<string, string>, today = utcToday()): Promise<DemoProgramResult> {
  const result: DemoProgramResult = { facilitiesCreated: 0, cyclesCreated: 0, tenantsCreated: 0 };
  await inPool(DEMO_FACILITIES, 4, (f) => seedFacility(f, managerIds.get(demoFacilityId(f.number)) ?? null, today, result));
  return result;
}
