/**
 * The demo records as pure data: a facility's fields, its cycles' tenants and the state each cycle
 * reaches, from the plans in localstack/demo/facilities.ts and dates counted from `today`. The demo seed
 * writes them through the stores (localstack/demo/program.ts); the scale seed builds thousands of plans
 * the same way and bulk-loads the records (localstack/scale-data.ts).
 */
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { newFacilityFields } from '../../functions/facilities/facility-store';
import type { Counters } from '../../functions/program/counters';
import { contributionOf, sumCounters, zeroCounters } from '../../functions/program/counters';
import type { NewTenant } from '../../functions/tenants/tenant-store';
import { TENANT_DEFAULTS } from '../../functions/tenants/tenant-record';
import type { CoverageOption } from '../../shared/contracts/program';
import { DEFAULT_INSURANCE_PROGRAMS } from '../../shared/reference-data';
import { knownToSoftware, siteLinkCoverages, storEdgeItems } from '../simulators/data';
import { cycleChangesFor, cycleDatesOf, cycleLabelOf, dayAfter, tenantsFor } from './cycles';
import type { DemoFacility } from './facilities';
import { DEMO_FACILITIES, demoPlanAmounts } from './facilities';
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

/**
 * The facility's coverage options, with the software's own plan ids as 'Load from API' would fill them
 * when the simulators know the facility (the demo's 1001-1025; the scale seed's facilities they do not).
 */
export function coveragesOf(f: DemoFacility): CoverageOption[] {
  const known = knownToSoftware(f.number);
  const siteLink = known && f.software === 'sitelink_web' ? siteLinkCoverages(f.number) : [];
  const storEdge = known && f.software === 'storedge' ? storEdgeItems(f.number).filter((i) => i.kind === 'insurance' && i.active) : [];
  return demoPlanAmounts(f).map((o) => {
    const siteLinkId = siteLink.find((p) => p.dcCoverage === o.coverage)?.InsurCoverageID;
    const storEdgeId = storEdge.find((i) => i.coverage_amount === o.coverage)?.id;
    return { ...o, ...(siteLinkId ? { sitelink_coverage_id: siteLinkId } : {}), ...(storEdgeId ? { storedge_coverage_id: storEdgeId } : {}) };
  });
}

/**
 * A cycle's tenants, the same on every machine and run (the generator is seeded by facility and cycle).
 * 'anonymous' skips names and addresses for tenants that only feed counters (scale seed).
 */
export function plannedTenants(f: DemoFacility, index: number, today: string, identities: 'named' | 'anonymous' = 'named'): NewTenant[] {
  const plan = f.cycles[index]!;
  if (plan.tenants === 0) return [];
  const random = generator(Number(f.number) * 100 + index);
  const people = identities === 'named'
    ? tenantIdentities(random, { facility_number: f.number, city: f.city, state: f.state, zip_code: f.zip_code }, plan.tenants)
    : Array.from({ length: plan.tenants }, () => ANONYMOUS);
  return tenantsFor(plan, people, coveragesOf(f), today, random);
}

const ANONYMOUS: NewTenant = {
  facility_id: '', cycle_id: '', facility_number: '', first_name: '', last_name: null, email: '', address: '', city: '', state: '', zip_code: '',
  unit: '', ledger_id: '', coverage_id: null, status: null, tagged_for_removal: false, charge_applied_date: null, payment_confirmed_date: null,
  setup_insurance_date: null, initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null,
  provided_proof_date: null, opt_out_date: null, move_out_date: null, bad_address_date: null,
};

export function facilityFields(
  f: DemoFacility, id: string, managerUserId: string | null, today: string, tenantsOf = (index: number) => plannedTenants(f, index, today),
) {
  const program = DEFAULT_INSURANCE_PROGRAMS.find((p) => p.key === f.program)!;
  // The facility record shows its newest cycle with tenants: its dates, and its letters and confirmation
  // as Mark Letters Sent and Confirm leave them on the facility.
  const index = f.cycles.findLastIndex((c) => c.tenants > 0);
  const current = f.cycles[index];
  const dates = current ? cycleDatesOf(dayAfter(today, current.initialLetterIn)) : null;
  const state = current ? cycleChangesFor(current, tenantsOf(index), today) : {};
  return newFacilityFields({
    id,
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

/** A cycle with these tenants as createCycle, createTenants and updateCycle leave it (the demo seed's path), built in memory. */
export function cycleRecordOf(
  f: DemoFacility, facilityId: string, index: number, ids: { id: string; created_at: string }, tenants: readonly NewTenant[], today: string,
): CycleRecord {
  const plan = f.cycles[index]!;
  return {
    ...cycleDatesOf(dayAfter(today, plan.initialLetterIn)),
    id: ids.id, facility_id: facilityId, facility_number: f.number, label: cycleLabelOf(plan, today),
    initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null,
    confirmed_move_outs_date: null, confirmed_no_move_outs_date: null, monitor_confirmed_move_outs: false, can_tag_removal: true,
    archived_at: null, created_at: ids.created_at, updated_at: ids.created_at,
    ...cycleChangesFor(plan, tenants, today),
  };
}

/** The counters createTenants would have added up for these tenants. */
export const countersOfTenants = (tenants: readonly NewTenant[]): Counters => ({ ...zeroCounters(), ...sumCounters(tenants.map((t) => contributionOf({ ...TENANT_DEFAULTS, ...t }))) });

