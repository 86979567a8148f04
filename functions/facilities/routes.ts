/**
 * Facilities (spec facilities-cycles-shell §2 Facilities list, Add facility, Edit facility, detail row;
 * §4 move-out confirmation; §5 validation; §7 calls). Staff only, except a facility's tenant filter
 * counts, which its manager may read too (the route table's ownership scope).
 * Rules the spec leaves open are in docs/decisions.md ("Facilities: ...").
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { FACILITY_CONTRACTS, editFacilityBody, lettersSentBody } from '../../shared/contracts/facilities';
import type { FacilityView } from '../../shared/contracts/facilities';
import { PAGE_SIZE } from '../../shared/constants';
import { hashPassword, generatePassword } from '../auth/passwords';
import { seal } from '../auth/secret-box';
import { getCycle, refreshCycleEntriesOfFacility, updateCycle } from '../cycles/cycle-store';
import { readCatalog } from '../program/catalog';
import { tenantFiltersOf } from '../program/counters';
import { getInsuranceProgram } from '../program/reference-data';
import { programToday } from '../program/program-settings';
import { conflict, HttpError, unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { paginate } from '../runtime/paginate';
import { implement } from '../runtime/route';
import { createUser, deleteUser, getUser } from '../users/user-store';
import type { UserRecord } from '../users/user-store';
import { fromCrmRoutes } from './from-crm';
import { byFacilityNumber, containsFilter, facilityViewOf, facilityViewsOf, loadManagerLogins, selectFacilities } from './facility-list';
import {
  createFacility, deleteFacilityRecord, facilityCycleIds, getFacility, getFacilityCounters, newFacilityFields, requireFacility, updateFacility,
} from './facility-store';
import type { FacilityChanges, FacilityEntry, FacilityRecord } from './facility-store';
import { fillMailTimes } from '../letters/letter-batch-store';

type EditBody = z.output<typeof editFacilityBody>;
type LettersSentBody = z.output<typeof lettersSentBody>;

/** The facility fields both Add facility and Edit facility set (never id, number or bookkeeping). */
const EDITABLE_FIELDS = [
  'account_name', 'corporate_group', 'prime_site_id', 'address', 'city', 'state', 'zip_code', 'software', 'insurance_program_key',
  'contact_name', 'email', 'phone', 'fax', 'note', 'uses_updated_lease_language', 'lease_section_number', 'lease_section_text',
  'brochure_url', 'certificate_url', 'can_tag_removal', 'initial_letter_send_date', 'reminder_letter_send_date',
  'welcome_letter_send_date', 'letter_effective_date', 'additional_contacts', 'coverages',
] as const satisfies readonly (keyof EditBody & keyof FacilityChanges)[];

/** The fields a body sets; a field it leaves out (undefined) keeps its stored value. */
function editableChanges(body: Pick<EditBody, (typeof EDITABLE_FIELDS)[number]>): FacilityChanges {
  const changes: Record<string, unknown> = {};
  for (const key of EDITABLE_FIELDS) if (body[key] !== undefined) changes[key] = body[key];
  return changes as FacilityChanges;
}

/** The program must exist; its label is stored with the facility for the list's badge. */
async function programLabel(key: string): Promise<string> {
  const program = await getInsuranceProgram(key);
  if (!program) throw unprocessable(`Insurance program '${key}' does not exist.`, 'insurance_program_key');
  return program.label;
}

async function viewOf(facility: FacilityRecord): Promise<FacilityView> {
  const [counters, managers] = await Promise.all([getFacilityCounters(facility.id), loadManagerLogins([facility.manager_user_id])]);
  return facilityViewOf(facility, counters, managers.get(facility.manager_user_id ?? '') ?? null);
}

/**
 * The new manager's username: `manager{facility number}` in lower case, or with `-2`, `-3`, ... when an
 * account already has it (docs/decisions.md). The username claim makes a race impossible: a lost race
 * is a 409 from the store, and the next suffix is tried.
 */
async function createManagerAccount(facility: FacilityRecord, password: string): Promise<UserRecord> {
  const base = `manager${facility.facility_number.toLowerCase()}`;
  const [passwordHash, sealed] = await Promise.all([hashPassword(password), seal(password)]);
  for (let n = 1; n <= 50; n += 1) {
    const username = n === 1 ? base : `${base}-${n}`;
    try {
      return await createUser({
        username, email: facility.email, real_name: facility.contact_name, password_hash: passwordHash, is_admin: false, is_monitor: false,
        facility_id: facility.id, has_changed_password: false, original_password_sealed: sealed,
      });
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 409)) throw e;
    }
  }
  throw conflict(`Could not find a free username for the manager of facility ${facility.facility_number}.`);
}

async function saveLettersSent(facility: FacilityRecord, body: LettersSentBody): Promise<FacilityRecord> {
  const dates = {
    initial_letter_sent_date: body.initial_letter_sent_date,
    reminder_letter_sent_date: body.reminder_letter_sent_date,
    welcome_letter_sent_date: body.welcome_letter_sent_date,
  };
  // The cycle is checked before anything is written, so a wrong cycle changes nothing.
  const cycle = body.cycle_id ? await getCycle(body.cycle_id) : null;
  if (body.cycle_id && (!cycle || cycle.facility_id !== facility.id)) {
    throw unprocessable(`cycle_id is not a cycle of facility ${facility.facility_number}.`, 'cycle_id');
  }
  const saved = await updateFacility(facility, dates);
  if (cycle) await updateCycle(cycle, dates);
  // The letter batches page shows a batch's mail time; welcome batches get theirs here (decisions: "Letters").
  await fillMailTimes(facility.facility_number, cycle?.id ?? null, {
    initial: dates.initial_letter_sent_date, reminder: dates.reminder_letter_sent_date, welcome: dates.welcome_letter_sent_date,
  });
  return saved;
}

async function saveEdit(facility: FacilityRecord, body: EditBody): Promise<FacilityRecord> {
  if (body.facility_number !== undefined && body.facility_number !== '' && body.facility_number.toLowerCase() !== facility.facility_number.toLowerCase()) {
    throw unprocessable('Facility number cannot be changed.', 'facility_number');
  }
  const changes = editableChanges(body);
  changes.insurance_program_label = await programLabel(body.insurance_program_key);
  const saved = await updateFacility(facility, changes);
  // The cycles list shows and filters on the facility's names and program (kept in each cycle's entry).
  if (saved.account_name !== facility.account_name || saved.corporate_group !== facility.corporate_group
    || saved.insurance_program_key !== facility.insurance_program_key) {
    await refreshCycleEntriesOfFacility(facility.id);
  }
  return saved;
}

/** Software the find-a-facility card names: 'sitelink' is both SiteLink flavours. */
const SEARCH_SOFTWARE: Record<string, readonly string[]> = { sitelink: ['sitelink_web', 'sitelink_alp'] };
const SEARCH_LIMIT = 50;

export const facilityRoutes = {
  ...fromCrmRoutes,

  'GET /api/facilities': implement(FACILITY_CONTRACTS['GET /api/facilities'], async ({ query }) => {
    const { entries, stats } = await selectFacilities(query);
    const { rows, pagination } = paginate(entries, query.page ?? 1, query.per_page ?? PAGE_SIZE.facilities);
    return { body: { data: await facilityViewsOf(rows.map((e) => e.id)), pagination, stats } };
  }),

  'POST /api/facilities': implement(FACILITY_CONTRACTS['POST /api/facilities'], async ({ body }) => {
    const label = await programLabel(body.insurance_program_key);
    const facility = await createFacility(newFacilityFields({
      ...editableChanges(body), id: randomUUID(), facility_number: body.facility_number, insurance_program_label: label, manager_user_id: null,
    }));
    const password = generatePassword();
    let manager: UserRecord | null = null;
    try {
      manager = await createManagerAccount(facility, password);
      await updateFacility(facility, { manager_user_id: manager.id });
    } catch (e) {
      // A facility without its manager login must not stay behind: undo both, then report the failure
      // (docs/decisions.md "Facilities: creating the manager account").
      logger.warn('manager account for a new facility failed; removing the facility', { facility_id: facility.id, error: e });
      if (manager) await deleteUser(manager).catch((err: unknown) => logger.error('could not remove the manager account', { user_id: manager?.id, error: err }));
      const current = await getFacility(facility.id);
      if (current) await deleteFacilityRecord(current).catch((err: unknown) => logger.error('could not remove the facility', { facility_id: facility.id, error: err }));
      throw e;
    }
    return { status: 201, body: { id: facility.id, username: manager.username, password } };
  }),

  'GET /api/facilities/search': implement(FACILITY_CONTRACTS['GET /api/facilities/search'], async ({ query }) => {
    const number = containsFilter(query.facility_number?.replace(/%/g, ''));
    const software = query.software ? SEARCH_SOFTWARE[query.software] ?? [query.software] : null;
    const found = (await readCatalog<FacilityEntry>('facilities'))
      .filter((e) => !e.retired && number(e.facility_number) && (!software || software.includes(e.software)))
      .sort(byFacilityNumber)
      .slice(0, SEARCH_LIMIT);
    return {
      body: found.map((e) => ({ id: e.id, facility_number: e.facility_number, account_name: e.account_name || null, software: e.software, prime_site_id: e.prime_site_id })),
    };
  }),

  'POST /api/facilities/{id}': implement(FACILITY_CONTRACTS['POST /api/facilities/{id}'], async ({ params, body }) => {
    const facility = await requireFacility(params.id);
    const saved = 'initial_letter_sent_date' in body
      ? await saveLettersSent(facility, body)
      : await saveEdit(facility, body);
    return { body: { facility: await viewOf(saved) } };
  }),

  'DELETE /api/facilities/{id}': implement(FACILITY_CONTRACTS['DELETE /api/facilities/{id}'], async ({ params }) => {
    const facility = await requireFacility(params.id);
    const [cycleIds, counters] = await Promise.all([facilityCycleIds(facility.id), getFacilityCounters(facility.id)]);
    // A facility with history is archived, not deleted (docs/decisions.md "Facilities: delete").
    if (cycleIds.length > 0) {
      const cycles = cycleIds.length === 1 ? '1 cycle' : `${cycleIds.length} cycles`;
      throw conflict(`Facility ${facility.facility_number} has ${cycles}; a facility with cycles cannot be deleted. Archive the facility instead.`);
    }
    if (counters.total > 0) {
      throw conflict(`Facility ${facility.facility_number} has tenants; a facility with tenants cannot be deleted. Archive the facility instead.`);
    }
    await deleteFacilityRecord(facility);
    // The manager login goes with its facility (it can reach nothing else).
    const manager = facility.manager_user_id ? await getUser(facility.manager_user_id) : null;
    if (manager && manager.facility_id === facility.id) await deleteUser(manager).catch((e: unknown) => { if (!(e instanceof HttpError && e.status === 404)) throw e; });
    return { body: { success: true as const } };
  }),

  'GET /api/facilities/{id}/check-flagged': implement(FACILITY_CONTRACTS['GET /api/facilities/{id}/check-flagged'], async ({ params }) => {
    const facility = await requireFacility(params.id);
    return { body: { tenants_flagged: (await getFacilityCounters(facility.id)).tagged_for_removal } };
  }),

  'POST /api/facilities/{id}/confirm-move-outs': implement(FACILITY_CONTRACTS['POST /api/facilities/{id}/confirm-move-outs'], async ({ params }) => {
    const facility = await requireFacility(params.id);
    if (facility.confirmed_move_outs_date || facility.confirmed_no_move_outs_date) {
      throw conflict(`Move-outs of facility ${facility.facility_number} are already confirmed.`);
    }
    // Spec §4: the Confirm action leads to one of two checks. Tenants flagged for removal mean
    // move-outs were confirmed; nobody flagged means no move-outs (docs/decisions.md).
    const flagged = (await getFacilityCounters(facility.id)).tagged_for_removal;
    const saved = await updateFacility(facility, {
      ...(flagged > 0 ? { confirmed_move_outs_date: await programToday() } : { confirmed_no_move_outs_date: await programToday() }),
      can_tag_removal: false,
    });
    return { body: { facility: await viewOf(saved) } };
  }),

  'GET /api/facilities/{id}/additional-contacts': implement(FACILITY_CONTRACTS['GET /api/facilities/{id}/additional-contacts'], async ({ params }) => ({
    body: (await requireFacility(params.id)).additional_contacts,
  })),

  'GET /api/facilities/{id}/coverages': implement(FACILITY_CONTRACTS['GET /api/facilities/{id}/coverages'], async ({ params }) => ({
    body: (await requireFacility(params.id)).coverages,
  })),

  'GET /api/facilities/{id}/tenant-filters': implement(FACILITY_CONTRACTS['GET /api/facilities/{id}/tenant-filters'], async ({ params }) => {
    const facility = await requireFacility(params.id);
    return { body: tenantFiltersOf(await getFacilityCounters(facility.id)) };
  }),
};
