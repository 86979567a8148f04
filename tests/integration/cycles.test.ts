/**
 * The cycle calls through the real HTTP path: the Manage cycles list (text and date-range filters,
 * More Filters keys and their badge counts, paging), create, edit, detail, coverages, tenant filters,
 * check-flagged, staff move-out confirmation, search and get-for-facility. Every refused request is
 * followed by a look at the stored records: bad input never changes anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_WRITE } from './fixtures';
import { call, programToday, uniqueName } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { facilityCycleIds, getCycle, makeCycle, makeProgramFacility, rawCycleItem, tenant, uniqueNumber } from './cycle-fixtures';
import { updateCycle } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import { updateFacility } from '../../functions/facilities/facility-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createTenants, saveTenant } from '../../functions/tenants/tenant-store';
import { CYCLE_SORTS } from '../../shared/contracts/cycles';

const CYCLE_VIEW_KEYS = [
  'id', 'facility_id', 'facility_number', 'account_name', 'corporate_group', 'label', 'insurance_program_key', 'insurance_program_label',
  'tenant_count', 'initial_letter_send_date', 'reminder_letter_send_date', 'letter_effective_date', 'lease_effective_date', 'move_out_date',
  'update_responses_deadline_date', 'tag_for_removal_deadline_date', 'setup_coverage_start_date', 'setup_coverage_end_date',
  'monitor_payment_start_date', 'monitor_payment_end_date', 'initial_letter_sent_date', 'reminder_letter_sent_date', 'welcome_letter_sent_date',
  'confirmed_move_outs_date', 'confirmed_no_move_outs_date', 'monitor_confirmed_move_outs', 'can_tag_removal', 'ready_to_tag', 'created_at', 'stats',
].sort();

let monitor: string;
let admin: string;
/** A manager with a facility of its own, and another facility with its own manager. */
let manager: { token: string; facility: FacilityRecord };
let other: { token: string; facility: FacilityRecord };
let ownCycle: CycleRecord;
let otherCycle: CycleRecord;

beforeAll(async () => {
  [monitor, admin] = await Promise.all([tokenFor('monitor'), tokenFor('admin')]);
  const [m, o] = await Promise.all([makeManagerWithFacility(), makeManagerWithFacility()]);
  manager = m;
  other = o;
  [ownCycle, otherCycle] = await Promise.all([makeCycle(m.facility, { label: 'Own' }), makeCycle(o.facility, { label: 'Other' })]);
});

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function list(query: Record<string, string | number> = {}, token = monitor) {
  const res = await call('GET', '/api/cycles', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Row[]; pagination: Record<string, number | null>; stats: Record<string, Record<string, number>> };
}

const idsOf = (rows: Row[]) => rows.map((r) => r.id as string);

/** The stored cycle is exactly as it was. */
async function expectUnchanged(before: CycleRecord): Promise<void> {
  expect(await getCycle(before.id)).toEqual(before);
}

async function expect422(res: Awaited<ReturnType<typeof call>>, error: string, field?: string): Promise<void> {
  expect(res.status, res.text).toBe(422);
  expect(res.body.error).toBe(error);
  if (field) expect(res.body.field).toBe(field);
}

describe('GET /api/cycles', () => {
  it('is for staff: monitor and admin 200, manager 403, nobody 401', async () => {
    expect((await call('GET', '/api/cycles', { token: monitor })).status).toBe(200);
    expect((await call('GET', '/api/cycles', { token: admin })).status).toBe(200);
    const refused = await call('GET', '/api/cycles', { token: manager.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(expect.any(String));
    expect((await call('GET', '/api/cycles')).status).toBe(401);
  });

  it('answers rows of cycle views, the page and the three badge groups', async () => {
    const body = await list({ facility_number: manager.facility.facility_number });
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination', 'stats']);
    expect(Object.keys(body.stats).sort()).toEqual(['letters', 'move_outs', 'tenant_thresholds']);
    expect(idsOf(body.data)).toEqual([ownCycle.id]);
    const row = body.data[0]!;
    expect(Object.keys(row).sort()).toEqual(CYCLE_VIEW_KEYS);
    expect(row).toMatchObject({
      facility_id: manager.facility.id, facility_number: manager.facility.facility_number, account_name: manager.facility.account_name,
      corporate_group: manager.facility.corporate_group, insurance_program_key: 'pma', insurance_program_label: 'PMA', label: 'Own',
      tenant_count: 0, move_out_date: null, monitor_confirmed_move_outs: false, can_tag_removal: true, ready_to_tag: false,
    });
    expect(body.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 100, total: 1, from: 1, to: 1 });
  });

  it('filters by facility number, account name and corporate group (any case, a part) and insurance program (exact)', async () => {
    const stem = uniqueNumber('TX');
    const a = await makeProgramFacility({ facility_number: `${stem}-A`.slice(-20), account_name: `Sunny Storage ${stem}`, corporate_group: `Acme ${stem}`, insurance_program_key: `prog-${stem}` });
    const b = await makeProgramFacility({ account_name: `Shady Storage ${stem}`, corporate_group: `Acme ${stem}`, insurance_program_key: 'pma' });
    const [ca, cb] = await Promise.all([makeCycle(a), makeCycle(b)]);

    expect(idsOf((await list({ facility_number: a.facility_number.toLowerCase().slice(2) })).data)).toEqual([ca.id]);
    expect(idsOf((await list({ account_name: `sunny storage ${stem}`.toUpperCase() })).data)).toEqual([ca.id]);
    expect(idsOf((await list({ account_name: `storage ${stem}`.toLowerCase() })).data).sort()).toEqual([ca.id, cb.id].sort());
    expect(idsOf((await list({ corporate_group: `acme ${stem.toLowerCase()}` })).data).sort()).toEqual([ca.id, cb.id].sort());
    expect(idsOf((await list({ corporate_group: `acme ${stem}`, insurance_program_key: `prog-${stem}` })).data)).toEqual([ca.id]);
    // The program key is exact: a part of it finds nothing.
    expect((await list({ insurance_program_key: `prog-${stem.slice(0, 4)}` })).data).toEqual([]);
    // Filters combine; a blank filter is no filter.
    expect(idsOf((await list({ corporate_group: `Acme ${stem}`, account_name: 'Shady', facility_number: '' })).data)).toEqual([cb.id]);
    expect((await list({ account_name: `no such account ${stem}` })).data).toEqual([]);
  });

  it('filters on each of the four date ranges, both ends inclusive; a cycle without the date never matches', async () => {
    const facility = await makeProgramFacility();
    const only = { facility_number: facility.facility_number };
    const [jan10, jan20, none] = await Promise.all([
      makeCycle(facility, { initial_letter_send_date: '2031-01-10', lease_effective_date: '2031-03-01', reminder_letter_send_date: '2031-02-10', letter_effective_date: '2031-04-01' }),
      makeCycle(facility, { initial_letter_send_date: '2031-01-20', lease_effective_date: '2031-03-15', reminder_letter_send_date: '2031-02-20', letter_effective_date: '2031-04-15' }),
      makeCycle(facility, {}),
    ]);
    const ids = async (q: Record<string, string>) => idsOf((await list({ ...only, ...q })).data).sort();
    expect(await ids({ initial_letter_date_start: '2031-01-10', initial_letter_date_end: '2031-01-15' })).toEqual([jan10.id]);
    expect(await ids({ initial_letter_date_start: '2031-01-10', initial_letter_date_end: '2031-01-20' })).toEqual([jan10.id, jan20.id].sort());
    expect(await ids({ initial_letter_date_start: '2031-01-11' })).toEqual([jan20.id]);
    expect(await ids({ initial_letter_date_end: '2031-01-19' })).toEqual([jan10.id]);
    expect(await ids({ initial_letter_date_start: '2031-01-21' })).toEqual([]);
    expect(await ids({ lease_effective_date_start: '2031-03-15', lease_effective_date_end: '2031-03-15' })).toEqual([jan20.id]);
    expect(await ids({ reminder_letter_date_end: '2031-02-10' })).toEqual([jan10.id]);
    expect(await ids({ letter_effective_date_start: '2031-04-02' })).toEqual([jan20.id]);
    // Blank range ends are no filter: the cycle without dates shows again.
    expect(await ids({ initial_letter_date_start: '', initial_letter_date_end: '' })).toEqual([jan10.id, jan20.id, none.id].sort());
  });

  it('counts the badges over the filtered cycles before the More Filters key, then lists the key', async () => {
    const facility = await makeProgramFacility();
    const only = { facility_number: facility.facility_number };
    const [tagged, confirmed, optOuts, lettersOut, quiet] = await Promise.all([
      makeCycle(facility, { label: 'tagged' }), makeCycle(facility, { label: 'confirmed' }), makeCycle(facility, { label: 'opt-outs' }),
      makeCycle(facility, { label: 'letters-out' }), makeCycle(facility, { label: 'quiet' }),
    ]);
    const [t1] = await createTenants(tagged, [tenant(), tenant(), tenant()], TEST_WRITE);
    await saveTenant(t1!, { tagged_for_removal: true }, TEST_WRITE);
    await createTenants(confirmed, [tenant(null, { tagged_for_removal: true }), tenant()], TEST_WRITE);
    expect((await call('POST', `/api/cycles/${confirmed.id}/confirm-move-outs`, { token: monitor })).status).toBe(200);
    // 1 of 3 opted out (over 5%), 1 of 3 provided proof (over 20%), 1 of 3 bad address, 0 moved out.
    await createTenants(optOuts, [tenant('opt_out'), tenant('provide_proof'), tenant('bad_address')], TEST_WRITE);
    await createTenants(lettersOut, [tenant()], TEST_WRITE);
    await updateCycle((await getCycle(lettersOut.id))!, { initial_letter_sent_date: '2031-01-01', reminder_letter_sent_date: '2031-01-15' });

    const all = await list(only);
    expect(all.stats).toEqual({
      move_outs: { doing_move_outs: 1, confirmed_move_outs: 1, confirmed_no_move_outs: 0, total: 5 },
      tenant_thresholds: { opt_outs_threshold: 1, provided_proof_threshold: 1, bad_address_threshold: 1, moved_out_threshold: 0 },
      // tagged, confirmed and opt-outs have tenants and no audit letters; letters-out sent two of three.
      letters: { initial_letters_unsent: 3, reminder_letters_unsent: 0, welcome_letters_unsent: 1 },
    });
    const keyed = async (filter: string) => {
      const body = await list({ ...only, filter });
      // The badges do not move with the chosen key.
      expect(body.stats).toEqual(all.stats);
      return idsOf(body.data).sort();
    };
    expect(await keyed('total')).toEqual([tagged, confirmed, optOuts, lettersOut, quiet].map((c) => c.id).sort());
    expect(await keyed('doing_move_outs')).toEqual([tagged.id]);
    expect(await keyed('confirmed_move_outs')).toEqual([confirmed.id]);
    expect(await keyed('confirmed_no_move_outs')).toEqual([]);
    expect(await keyed('opt_outs_threshold')).toEqual([optOuts.id]);
    expect(await keyed('provided_proof_threshold')).toEqual([optOuts.id]);
    expect(await keyed('bad_address_threshold')).toEqual([optOuts.id]);
    expect(await keyed('moved_out_threshold')).toEqual([]);
    expect(await keyed('initial_letters_unsent')).toEqual([tagged, confirmed, optOuts].map((c) => c.id).sort());
    expect(await keyed('reminder_letters_unsent')).toEqual([]);
    expect(await keyed('welcome_letters_unsent')).toEqual([lettersOut.id]);

    // Narrowing the other filters narrows the badges too.
    const narrowed = await list({ ...only, account_name: facility.account_name, initial_letter_date_start: '2000-01-01' });
    expect(narrowed.stats.move_outs.total).toBe(0);
    expect(narrowed.data).toEqual([]);
  });

  it('leaves archived cycles out of the rows and the badges', async () => {
    const facility = await makeProgramFacility();
    const [kept, archived] = await Promise.all([makeCycle(facility), makeCycle(facility)]);
    await updateCycle(archived, { archived_at: new Date().toISOString() });
    const body = await list({ facility_number: facility.facility_number });
    expect(idsOf(body.data)).toEqual([kept.id]);
    expect(body.stats.move_outs.total).toBe(1);
  });

  it('is newest letter first by default and sorts by a column either way, a cycle without the value last (issue 24)', async () => {
    const facility = await makeProgramFacility();
    const only = { facility_number: facility.facility_number };
    const none = await makeCycle(facility, { label: 'b no date' });
    const april = await makeCycle(facility, { label: 'C april', letter_effective_date: '2031-04-01' });
    const june = await makeCycle(facility, { label: 'a june', letter_effective_date: '2031-06-01' });
    const order = async (q: Record<string, string> = {}) => idsOf((await list({ ...only, ...q })).data);
    expect(await order()).toEqual([june.id, april.id, none.id]);
    expect(await order({ sort: 'letter_effective_date' })).toEqual([april.id, june.id, none.id]);
    // Labels without regard to case.
    expect(await order({ sort: 'label' })).toEqual([june.id, none.id, april.id]);
    expect(await order({ sort: '-label' })).toEqual([april.id, none.id, june.id]);
    await expect422(await call('GET', '/api/cycles', { token: monitor, query: { sort: 'tenant_count' } }),
      `sort must be one of ${CYCLE_SORTS.join(', ')} (a leading '-' sorts descending).`, 'sort');
  });

  it('pages 100 rows at a time, newest created first', { timeout: 240_000 }, async () => {
    const facility = await makeProgramFacility();
    const made: CycleRecord[] = [];
    for (let i = 0; i < 105; i += 35) made.push(...await Promise.all(Array.from({ length: 35 }, (_, j) => makeCycle(facility, { label: `P${i + j}` }))));
    const expected = [...made].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)).map((c) => c.id);

    const first = await list({ facility_number: facility.facility_number });
    expect(first.data).toHaveLength(100);
    expect(first.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 100, total: 105, from: 1, to: 100 });
    const second = await list({ facility_number: facility.facility_number, page: 2 });
    expect(second.pagination).toEqual({ current_page: 2, last_page: 2, per_page: 100, total: 105, from: 101, to: 105 });
    expect([...idsOf(first.data), ...idsOf(second.data)]).toEqual(expected);
    expect(second.stats).toEqual(first.stats);

    const small = await list({ facility_number: facility.facility_number, per_page: 10, page: 3 });
    expect(idsOf(small.data)).toEqual(expected.slice(20, 30));
    expect(small.pagination).toMatchObject({ current_page: 3, last_page: 11, per_page: 10, from: 21, to: 30 });
    const beyond = await list({ facility_number: facility.facility_number, page: 9 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ total: 105, from: null, to: null });
  });

  it('refuses bad filters with 422 and the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ filter: 'nope' }, 'filter is not a known filter.', 'filter'],
      [{ initial_letter_date_start: '2031-02-30' }, 'initial_letter_date_start must be a real calendar date.', 'initial_letter_date_start'],
      [{ lease_effective_date_end: '03/01/2031' }, 'lease_effective_date_end must be a date as YYYY-MM-DD.', 'lease_effective_date_end'],
      [{ reminder_letter_date_start: '2031-1-5' }, 'reminder_letter_date_start must be a date as YYYY-MM-DD.', 'reminder_letter_date_start'],
      [{ letter_effective_date_end: 'tomorrow' }, 'letter_effective_date_end must be a date as YYYY-MM-DD.', 'letter_effective_date_end'],
      [{ page: '0' }, 'page must be 1 or more.', 'page'],
      [{ per_page: '101' }, 'per_page must be at most 100.', 'per_page'],
    ];
    for (const [query, error, field] of cases) await expect422(await call('GET', '/api/cycles', { token: monitor, query }), error, field);
    const res = await call('GET', '/api/cycles', { token: monitor, query: { page: 'two' } });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('page');
    expect((await call('GET', '/api/cycles', { token: monitor, query: { account_name: 'x'.repeat(201) } })).status).toBe(422);
  });
});

describe('POST /api/cycles', () => {
  it('creates a cycle for a facility that is set up and answers its id (201)', async () => {
    const facility = await makeProgramFacility();
    const res = await call('POST', '/api/cycles', {
      token: monitor,
      json: {
        facility_number: facility.facility_number.toUpperCase(), label: '  Spring 2031  ', initial_letter_send_date: '2031-03-01',
        reminder_letter_send_date: '2031-03-20', letter_effective_date: '2031-05-01', update_responses_deadline_date: '2031-04-01',
        tag_for_removal_deadline_date: '', setup_coverage_start_date: '2031-05-01', setup_coverage_end_date: '2031-05-31',
        monitor_payment_start_date: '2031-06-01', monitor_payment_end_date: '2031-06-01',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['cycle_id']);
    const stored = (await getCycle(res.body.cycle_id))!;
    expect(stored).toMatchObject({
      facility_id: facility.id, facility_number: facility.facility_number, label: 'Spring 2031', initial_letter_send_date: '2031-03-01',
      reminder_letter_send_date: '2031-03-20', letter_effective_date: '2031-05-01', lease_effective_date: null,
      update_responses_deadline_date: '2031-04-01', tag_for_removal_deadline_date: null, setup_coverage_start_date: '2031-05-01',
      setup_coverage_end_date: '2031-05-31', monitor_payment_start_date: '2031-06-01', monitor_payment_end_date: '2031-06-01',
      confirmed_move_outs_date: null, confirmed_no_move_outs_date: null, monitor_confirmed_move_outs: false, can_tag_removal: true,
    });
    // move_out_date is derived (initial letter date minus 2 days), never stored.
    expect(await rawCycleItem(stored.id)).not.toHaveProperty('move_out_date');
    const view = await call('GET', `/api/cycles/${stored.id}`, { token: monitor });
    expect(view.body.move_out_date).toBe('2031-02-27');
    expect(await facilityCycleIds(facility.id)).toEqual([stored.id]);
    // It is in the list at once, first (newest).
    expect(idsOf((await list({ facility_number: facility.facility_number })).data)).toEqual([stored.id]);
  });

  it('takes a form body; dates left out are no date', async () => {
    const facility = await makeProgramFacility();
    const res = await call('POST', '/api/cycles', { token: admin, form: { facility_number: facility.facility_number, label: 'Form', initial_letter_send_date: '2031-03-01' } });
    expect(res.status, res.text).toBe(201);
    const stored = (await getCycle(res.body.cycle_id))!;
    expect(stored.initial_letter_send_date).toBe('2031-03-01');
    expect(stored.letter_effective_date).toBeNull();
  });

  it('refuses bad input with the message and field, and creates nothing', async () => {
    const facility = await makeProgramFacility();
    const retired = await makeProgramFacility();
    await updateFacility(retired, { retired_at: new Date().toISOString() });
    const number = facility.facility_number;
    const missing = uniqueNumber('NONE');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ label: 'x' }, 'Facility number is required.', 'facility_number'],
      [{ facility_number: '   ', label: 'x' }, 'Facility number is required.', 'facility_number'],
      [{ facility_number: number }, 'Label is required.', 'label'],
      [{ facility_number: number, label: '   ' }, 'Label is required.', 'label'],
      [{ facility_number: number, label: 'x'.repeat(101) }, 'Label must be at most 100 characters.', 'label'],
      [{ facility_number: missing, label: 'x' }, `Facility ${missing} is not set up.`, 'facility_number'],
      [{ facility_number: retired.facility_number, label: 'x' }, `Facility ${retired.facility_number} is retired.`, 'facility_number'],
      [{ facility_number: number, label: 'x', initial_letter_send_date: '2031-13-01' }, 'Initial letter send date must be a real calendar date.', 'initial_letter_send_date'],
      [{ facility_number: number, label: 'x', reminder_letter_send_date: '2031-02-29' }, 'Reminder letter send date must be a real calendar date.', 'reminder_letter_send_date'],
      [{ facility_number: number, label: 'x', letter_effective_date: '05/01/2031' }, 'Letter effective date must be a date as YYYY-MM-DD.', 'letter_effective_date'],
      [{ facility_number: number, label: 'x', lease_effective_date: 20310501 }, 'Lease effective date must be a date as YYYY-MM-DD.', 'lease_effective_date'],
      [{ facility_number: number, label: 'x', update_responses_deadline_date: '2031-04-31' }, 'Update responses deadline date must be a real calendar date.', 'update_responses_deadline_date'],
      [{ facility_number: number, label: 'x', tag_for_removal_deadline_date: 'soon' }, 'Tag for removal deadline date must be a date as YYYY-MM-DD.', 'tag_for_removal_deadline_date'],
      [{ facility_number: number, label: 'x', setup_coverage_start_date: '2031-6-1' }, 'Setup coverage start date must be a date as YYYY-MM-DD.', 'setup_coverage_start_date'],
      [{ facility_number: number, label: 'x', setup_coverage_end_date: '2031-00-10' }, 'Setup coverage end date must be a real calendar date.', 'setup_coverage_end_date'],
      [{ facility_number: number, label: 'x', monitor_payment_start_date: '2031-06-31' }, 'Monitor payment start date must be a real calendar date.', 'monitor_payment_start_date'],
      [{ facility_number: number, label: 'x', monitor_payment_end_date: true }, 'Monitor payment end date must be a date as YYYY-MM-DD.', 'monitor_payment_end_date'],
      [{ facility_number: number, label: 'x', setup_coverage_start_date: '2031-06-02', setup_coverage_end_date: '2031-06-01' }, 'Setup coverage end date must be on or after the setup coverage start date.', 'setup_coverage_end_date'],
      [{ facility_number: number, label: 'x', monitor_payment_start_date: '2031-07-02', monitor_payment_end_date: '2031-07-01' }, 'Monitor payment end date must be on or after the monitor payment start date.', 'monitor_payment_end_date'],
    ];
    for (const [json, error, field] of cases) await expect422(await call('POST', '/api/cycles', { token: monitor, json }), error, field);
    expect(await facilityCycleIds(facility.id)).toEqual([]);
    expect(await facilityCycleIds(retired.id)).toEqual([]);
    // A date error lists every problem, each with its field.
    const many = await call('POST', '/api/cycles', { token: monitor, json: { facility_number: number, label: '', initial_letter_send_date: 'x' } });
    expect([...new Set(many.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual(['initial_letter_send_date', 'label']);
    // Malformed and unsupported bodies are 4xx too.
    expect((await call('POST', '/api/cycles', { token: monitor, raw: { body: '{"label":', contentType: 'application/json' } })).status).toBe(400);
    expect((await call('POST', '/api/cycles', { token: monitor, raw: { body: 'label', contentType: 'text/plain' } })).status).toBe(415);
    expect(await facilityCycleIds(facility.id)).toEqual([]);
  });

  it('is for staff: manager 403, nobody 401, and nothing is created', async () => {
    const json = { facility_number: manager.facility.facility_number, label: 'Sneaky' };
    const before = await facilityCycleIds(manager.facility.id);
    expect((await call('POST', '/api/cycles', { token: manager.token, json })).status).toBe(403);
    expect((await call('POST', '/api/cycles', { json })).status).toBe(401);
    expect(await facilityCycleIds(manager.facility.id)).toEqual(before);
  });
});

describe('GET /api/cycles/{id}', () => {
  it('answers the cycle view with its maintained stats', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility, { initial_letter_send_date: '2031-03-01' });
    await createTenants(cycle, [tenant('opt_out'), tenant('cov-2000-12', { charge_applied_date: '2031-01-02' }), tenant(), tenant('moved_out')], TEST_WRITE);
    const res = await call('GET', `/api/cycles/${cycle.id}`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(CYCLE_VIEW_KEYS);
    expect(res.body).toMatchObject({ id: cycle.id, facility_number: facility.facility_number, account_name: facility.account_name, tenant_count: 3, move_out_date: '2031-02-27', ready_to_tag: true });
    expect(res.body.stats).toMatchObject({
      total: 3, opted_out: 1, opted_out_percentage: 33, selected_coverage: 1, charge_applied: 1, charge_applied_percentage: 33,
      non_responder: 1, non_responder_percentage: 33, moved_out: 1, requires_setup: 1, tagged_for_removal: 0,
    });
  });

  it("lets a manager read its own facility's cycle, never another's (403), and says 404 for none", async () => {
    const own = await call('GET', `/api/cycles/${ownCycle.id}`, { token: manager.token });
    expect(own.status, own.text).toBe(200);
    expect(own.body.id).toBe(ownCycle.id);
    const theirs = await call('GET', `/api/cycles/${otherCycle.id}`, { token: manager.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('This record belongs to another facility.');
    expect(theirs.text).not.toContain(other.facility.facility_number);
    const none = await call('GET', '/api/cycles/no-such-cycle', { token: manager.token });
    expect(none.status).toBe(404);
    const staffNone = await call('GET', '/api/cycles/no-such-cycle', { token: monitor });
    expect(staffNone.status).toBe(404);
    expect(staffNone.body.error).toBe('Cycle not found.');
    expect((await call('GET', `/api/cycles/${otherCycle.id}`, { token: monitor })).status).toBe(200);
    expect((await call('GET', `/api/cycles/${otherCycle.id}`)).status).toBe(401);
    expect((await call('GET', `/api/cycles/${'x'.repeat(65)}`, { token: monitor })).status).toBe(422);
  });

  it('a user with no facility and no staff flag is refused', async () => {
    const plain = await tokenFor(await makeUser());
    expect((await call('GET', `/api/cycles/${ownCycle.id}`, { token: plain })).status).toBe(403);
  });
});

describe('POST /api/cycles/{id}', () => {
  it('changes the label and the dates sent: blank clears, left out keeps; facility number is read-only', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility, { label: 'Before', initial_letter_send_date: '2031-03-01', reminder_letter_send_date: '2031-03-20', letter_effective_date: '2031-05-01' });
    const res = await call('POST', `/api/cycles/${cycle.id}`, {
      token: monitor,
      json: { label: 'After', facility_number: facility.facility_number, initial_letter_send_date: '2031-03-05', reminder_letter_send_date: '', lease_effective_date: '2031-02-01' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ cycle_id: cycle.id });
    const stored = (await getCycle(cycle.id))!;
    expect(stored).toMatchObject({
      label: 'After', facility_number: facility.facility_number, initial_letter_send_date: '2031-03-05', reminder_letter_send_date: null,
      letter_effective_date: '2031-05-01', lease_effective_date: '2031-02-01',
    });
    expect(stored.updated_at > cycle.updated_at).toBe(true);
    const view = await call('GET', `/api/cycles/${cycle.id}`, { token: monitor });
    expect(view.body.move_out_date).toBe('2031-03-03');
    // The list sees the change at once (its catalog entry follows the cycle).
    const row = (await list({ facility_number: facility.facility_number, lease_effective_date_start: '2031-02-01', lease_effective_date_end: '2031-02-01' })).data;
    expect(idsOf(row)).toEqual([cycle.id]);
    expect(row[0]!.label).toBe('After');
  });

  it('refuses bad input with the message and field, and changes nothing', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility, { label: 'Keep', setup_coverage_start_date: '2031-06-10' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'Label is required.', 'label'],
      [{ label: '  ' }, 'Label is required.', 'label'],
      [{ label: 'x', facility_number: uniqueNumber('MOVE') }, 'The facility number of a cycle cannot be changed.', 'facility_number'],
      [{ label: 'x', initial_letter_send_date: '2031-02-30' }, 'Initial letter send date must be a real calendar date.', 'initial_letter_send_date'],
      [{ label: 'x', letter_effective_date: '1 May 2031' }, 'Letter effective date must be a date as YYYY-MM-DD.', 'letter_effective_date'],
      // The end is checked against the stored start when only the end is sent.
      [{ label: 'x', setup_coverage_end_date: '2031-06-09' }, 'Setup coverage end date must be on or after the setup coverage start date.', 'setup_coverage_end_date'],
    ];
    for (const [json, error, field] of cases) {
      await expect422(await call('POST', `/api/cycles/${cycle.id}`, { token: monitor, json }), error, field);
      await expectUnchanged(cycle);
    }
  });

  it('404 for no such cycle; staff only; an archived cycle cannot change (409)', async () => {
    const none = await call('POST', '/api/cycles/no-such-cycle', { token: monitor, json: { label: 'x' } });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Cycle not found.');
    expect((await call('POST', `/api/cycles/${ownCycle.id}`, { token: manager.token, json: { label: 'Mine' } })).status).toBe(403);
    expect((await call('POST', `/api/cycles/${ownCycle.id}`, { json: { label: 'Mine' } })).status).toBe(401);
    expect((await getCycle(ownCycle.id))!.label).toBe('Own');

    const facility = await makeProgramFacility();
    const archived = await updateCycle(await makeCycle(facility), { archived_at: new Date().toISOString() });
    const res = await call('POST', `/api/cycles/${archived.id}`, { token: monitor, json: { label: 'Revive' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This cycle is archived and can no longer be changed.');
    await expectUnchanged(archived);
  });

  it('a save based on an older read loses with 409 (optimistic locking)', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility);
    await updateCycle(cycle, { label: 'First' });
    await expect(updateCycle(cycle, { label: 'Second' })).rejects.toMatchObject({ status: 409, message: 'This cycle was changed by someone else. Reload and try again.' });
    expect((await getCycle(cycle.id))!.label).toBe('First');
  });
});

describe('GET /api/cycles/{id}/coverages', () => {
  it("answers the facility's coverage options with ids derived from the plan", async () => {
    const facility = await makeProgramFacility({
      coverages: [{ coverage: 2000, premium: 12 }, { coverage: 5000, premium: 18.5, sitelink_coverage_id: '77' }, { coverage: 2000, premium: 12 }],
    });
    const cycle = await makeCycle(facility);
    const res = await call('GET', `/api/cycles/${cycle.id}/coverages`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([{ id: 'cov-2000-12', premium: 12, coverage: 2000 }, { id: 'cov-5000-18.5', premium: 18.5, coverage: 5000 }]);
    // Removing another option leaves an option's id as it was.
    await updateFacility(facility, { coverages: [{ coverage: 5000, premium: 18.5 }] });
    expect((await call('GET', `/api/cycles/${cycle.id}/coverages`, { token: monitor })).body).toEqual([{ id: 'cov-5000-18.5', premium: 18.5, coverage: 5000 }]);
  });

  it('manager: own 200, another facility 403; unknown 404', async () => {
    const own = await call('GET', `/api/cycles/${ownCycle.id}/coverages`, { token: manager.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([{ id: 'cov-2000-12', premium: 12, coverage: 2000 }]);
    const theirs = await call('GET', `/api/cycles/${otherCycle.id}/coverages`, { token: manager.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('This record belongs to another facility.');
    expect((await call('GET', '/api/cycles/no-such-cycle/coverages', { token: monitor })).status).toBe(404);
  });
});

describe('GET /api/cycles/{id}/tenant-filters and /check-flagged', () => {
  it('answer the maintained counts, which follow tenant changes', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility);
    const [a, b] = await createTenants(cycle, [tenant(), tenant('opt_out'), tenant('provide_proof'), tenant('bad_address')], TEST_WRITE);
    const filters = async () => {
      const res = await call('GET', `/api/cycles/${cycle.id}/tenant-filters`, { token: monitor });
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries((res.body as { key: string; label: string; count: number }[]).map((f) => [f.key, f.count]));
    };
    expect(await filters()).toMatchObject({ all: 4, non_responder: 1, opt_out: 1, provide_proof: 1, bad_address: 1, tagged_for_removal: 0 });
    const flagged = async () => (await call('GET', `/api/cycles/${cycle.id}/check-flagged`, { token: monitor })).body;
    expect(await flagged()).toEqual({ tenants_flagged: 0 });
    await saveTenant(a!, { tagged_for_removal: true }, TEST_WRITE);
    await saveTenant(b!, { tagged_for_removal: true }, TEST_WRITE);
    expect(await flagged()).toEqual({ tenants_flagged: 2 });
    expect(await filters()).toMatchObject({ tagged_for_removal: 2 });
  });

  it('tenant-filters: manager own 200, other 403; check-flagged is for staff; unknown 404', async () => {
    const res = await call('GET', `/api/cycles/${ownCycle.id}/tenant-filters`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.every((f: Record<string, unknown>) => Object.keys(f).sort().join() === 'count,key,label')).toBe(true);
    expect((await call('GET', `/api/cycles/${otherCycle.id}/tenant-filters`, { token: manager.token })).status).toBe(403);
    expect((await call('GET', `/api/cycles/${ownCycle.id}/check-flagged`, { token: manager.token })).status).toBe(403);
    expect((await call('GET', '/api/cycles/no-such-cycle/tenant-filters', { token: monitor })).status).toBe(404);
    expect((await call('GET', '/api/cycles/no-such-cycle/check-flagged', { token: monitor })).status).toBe(404);
  });
});

describe('POST /api/cycles/{id}/confirm-move-outs', () => {
  it('with tenants flagged: monitor-confirmed move-outs dated today, tagging ends; a second confirmation is 409', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility, { label: 'Flagged' });
    await createTenants(cycle, [tenant(null, { tagged_for_removal: true }), tenant()], TEST_WRITE);
    const res = await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body.cycle).toMatchObject({
      id: cycle.id, monitor_confirmed_move_outs: true, confirmed_move_outs_date: programToday(), confirmed_no_move_outs_date: null,
      can_tag_removal: false, ready_to_tag: false,
    });
    const stored = (await getCycle(cycle.id))!;
    expect(stored).toMatchObject({ monitor_confirmed_move_outs: true, confirmed_move_outs_date: programToday(), confirmed_no_move_outs_date: null, can_tag_removal: false });
    const listed = await list({ facility_number: facility.facility_number, filter: 'confirmed_move_outs' });
    expect(idsOf(listed.data)).toEqual([cycle.id]);
    expect(listed.stats.move_outs).toMatchObject({ doing_move_outs: 0, confirmed_move_outs: 1, confirmed_no_move_outs: 0 });

    const again = await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Cycle 'Flagged' already has its move-outs confirmed (on ${programToday()}).`);
    expect(await getCycle(cycle.id)).toEqual(stored);
  });

  it('with nobody flagged: confirmed no move-outs dated today; then 409', async () => {
    const facility = await makeProgramFacility();
    const cycle = await makeCycle(facility, { label: 'Quiet' });
    await createTenants(cycle, [tenant()], TEST_WRITE);
    const res = await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.cycle).toMatchObject({ monitor_confirmed_move_outs: true, confirmed_move_outs_date: null, confirmed_no_move_outs_date: programToday(), can_tag_removal: false });
    const listed = await list({ facility_number: facility.facility_number, filter: 'confirmed_no_move_outs' });
    expect(idsOf(listed.data)).toEqual([cycle.id]);
    const stored = (await getCycle(cycle.id))!;
    const again = await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: monitor });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`Cycle 'Quiet' is already confirmed as having no move-outs (on ${programToday()}).`);
    expect(await getCycle(cycle.id)).toEqual(stored);
  });

  it('a cycle confirmed some other way (monitor flag only) is not confirmed again', async () => {
    const facility = await makeProgramFacility();
    const cycle = await updateCycle(await makeCycle(facility, { label: 'Flag' }), { monitor_confirmed_move_outs: true });
    const res = await call('POST', `/api/cycles/${cycle.id}/confirm-move-outs`, { token: monitor });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Cycle 'Flag' already has its move-outs confirmed by staff.");
    await expectUnchanged(cycle);
  });

  it('404 for no such cycle; 409 for an archived one; staff only', async () => {
    expect((await call('POST', '/api/cycles/no-such-cycle/confirm-move-outs', { token: monitor })).status).toBe(404);
    const facility = await makeProgramFacility();
    const archived = await updateCycle(await makeCycle(facility), { archived_at: new Date().toISOString() });
    expect((await call('POST', `/api/cycles/${archived.id}/confirm-move-outs`, { token: monitor })).status).toBe(409);
    await expectUnchanged(archived);
    const before = (await getCycle(ownCycle.id))!;
    expect((await call('POST', `/api/cycles/${ownCycle.id}/confirm-move-outs`, { token: manager.token })).status).toBe(403);
    expect((await call('POST', `/api/cycles/${ownCycle.id}/confirm-move-outs`)).status).toBe(401);
    await expectUnchanged(before);
  });
});

describe('GET /api/cycles/search and /get-for-facility', () => {
  it("search: the facility's cycles by facility number (id, label, tenant count); unknown numbers find none", async () => {
    const facility = await makeProgramFacility();
    const first = await makeCycle(facility, { label: 'First' });
    const second = await makeCycle(facility, { label: 'Second' });
    await createTenants(second, [tenant(), tenant('opt_out')], TEST_WRITE);
    const res = await call('GET', '/api/cycles/search', { token: monitor, query: { facility_number: facility.facility_number.toLowerCase() } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([{ id: first.id, label: 'First', tenant_count: 0 }, { id: second.id, label: 'Second', tenant_count: 2 }]);
    expect((await call('GET', '/api/cycles/search', { token: monitor, query: { facility_number: uniqueNumber('NONE') } })).body).toEqual([]);
    await expect422(await call('GET', '/api/cycles/search', { token: monitor }), 'facility_number is required.', 'facility_number');
    await expect422(await call('GET', '/api/cycles/search', { token: monitor, query: { facility_number: ' ' } }), 'facility_number is required.', 'facility_number');
    expect((await call('GET', '/api/cycles/search', { token: manager.token, query: { facility_number: manager.facility.facility_number } })).status).toBe(403);
  });

  it("get-for-facility: the facility's cycle views, oldest first; 404 for no such facility", async () => {
    const facility = await makeProgramFacility();
    const first = await makeCycle(facility, { label: 'First' });
    const second = await makeCycle(facility, { label: 'Second' });
    const archived = await updateCycle(await makeCycle(facility), { archived_at: new Date().toISOString() });
    const res = await call('GET', '/api/cycles/get-for-facility', { token: monitor, query: { facility_id: facility.id } });
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res.body)).toEqual([first.id, second.id]);
    expect(idsOf(res.body)).not.toContain(archived.id);
    expect(Object.keys(res.body[0]).sort()).toEqual(CYCLE_VIEW_KEYS);
    expect(res.body[0].account_name).toBe(facility.account_name);
    const none = await call('GET', '/api/cycles/get-for-facility', { token: monitor, query: { facility_id: uniqueName('nope') } });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Facility not found.');
    await expect422(await call('GET', '/api/cycles/get-for-facility', { token: monitor }), 'facility_id is required.', 'facility_id');
    expect((await call('GET', '/api/cycles/get-for-facility', { token: manager.token, query: { facility_id: manager.facility.id } })).status).toBe(403);
  });
});
