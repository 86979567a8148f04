/**
 * The facilities group through the real HTTP path (spec facilities-cycles-shell §2, §4, §5, §7): the
 * list with its filters, badge counts, order and pages; adding a facility with its manager login;
 * editing it or recording letter-sent dates; deleting it; the move-out confirmation; the detail-row
 * calls; the search. Every refused request is followed by a look at the stored records: bad input
 * changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_WRITE } from './fixtures';
import { call, programToday } from './helpers';
import { getUser, getUserByUsername, makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, retire, stem, tenant } from './facility-fixtures';
import { open } from '../../functions/auth/secret-box';
import { verifyPassword } from '../../functions/auth/passwords';
import { getCycle } from '../../functions/cycles/cycle-store';
import type { CycleEntry } from '../../functions/cycles/cycle-store';
import { facilityStatsKey, getFacility, getFacilityByNumber } from '../../functions/facilities/facility-store';
import type { FacilityEntry, FacilityRecord } from '../../functions/facilities/facility-store';
import { readCatalog } from '../../functions/program/catalog';
import { saveTenant } from '../../functions/tenants/tenant-store';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

/* eslint-disable @typescript-eslint/no-explicit-any */

let monitor = '';
let admin = '';
let manager = '';
let managerFacility: FacilityRecord;
let otherManager = '';

beforeAll(async () => {
  const [m, a] = await Promise.all([makeUser({ is_monitor: true }), makeUser({ is_admin: true })]);
  const [own, other] = await Promise.all([makeManagerWithFacility(), makeManagerWithFacility()]);
  [monitor, admin] = await Promise.all([tokenFor(m), tokenFor(a)]);
  manager = own.token;
  managerFacility = own.facility;
  otherManager = other.token;
});

const VIEW_KEYS = [
  'account_name', 'additional_contacts', 'address', 'brochure_url', 'can_tag_removal', 'certificate_url', 'city', 'confirmed_move_outs_date',
  'confirmed_no_move_outs_date', 'contact_name', 'corporate_group', 'coverages', 'email', 'facility_number', 'fax', 'id',
  'initial_letter_send_date', 'initial_letter_sent_date', 'insurance_program_key', 'insurance_program_label', 'lease_section_number',
  'lease_section_text', 'letter_effective_date', 'note', 'phone', 'prime_site_id', 'reminder_letter_send_date', 'reminder_letter_sent_date',
  'software', 'state', 'stats', 'tenant_count', 'user', 'uses_updated_lease_language', 'was_prime', 'welcome_letter_send_date',
  'welcome_letter_sent_date', 'zip_code',
].sort();


/** The stored facility is exactly as it was. */
async function expectUnchanged(before: FacilityRecord): Promise<void> {
  expect(await getFacility(before.id)).toEqual(before);
}

async function list(query: Record<string, string | number> = {}, token = monitor) {
  const res = await call('GET', '/api/facilities', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; pagination: Record<string, number | null>; stats: any };
}

/** A complete Add facility body, as the page sends it (lists as JSON text in a form). */
function addBody(facilityNumber: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    facility_number: facilityNumber, account_name: `Storage ${facilityNumber}`, corporate_group: 'CG-7', prime_site_id: 'PS-1',
    address: '12 Main St', city: 'Dallas', state: 'TX', zip_code: '75201', software: 'sitelink_web', insurance_program_key: 'aig',
    contact_name: 'Sam Site', email: 'site@example.com', phone: '(214) 555-0101', fax: '', note: 'Gate code 1234',
    uses_updated_lease_language: 'true', lease_section_number: '12', lease_section_text: 'Insurance required', brochure_url: 'https://example.com/b.pdf',
    certificate_url: 'https://example.com/c.pdf', can_tag_removal: 'true', letter_effective_date: '2026-06-01',
    additional_contacts: JSON.stringify([{ name: 'Dana', title: 'Owner', email: 'dana@example.com', phone: '(214) 555-0199' }]),
    coverages: JSON.stringify([{ coverage: '2000', premium: '12.5' }, { coverage: 3000, premium: 15, sitelink_coverage_id: '77' }]),
    ...extra,
  };
}

/** Edit facility body from a stored facility (the modal sends every field). */
function editBody(f: FacilityRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    prime_site_id: f.prime_site_id, account_name: f.account_name, corporate_group: f.corporate_group, address: f.address, city: f.city,
    state: f.state, zip_code: f.zip_code, software: f.software, insurance_program_key: f.insurance_program_key, contact_name: f.contact_name,
    email: f.email, phone: f.phone, fax: f.fax ?? '', note: f.note, uses_updated_lease_language: f.uses_updated_lease_language,
    lease_section_number: f.lease_section_number, lease_section_text: f.lease_section_text, brochure_url: f.brochure_url,
    certificate_url: f.certificate_url, can_tag_removal: f.can_tag_removal, additional_contacts: f.additional_contacts, coverages: f.coverages,
    ...extra,
  };
}

describe('GET /api/facilities', () => {
  it('is for staff: monitor and admin 200, manager 403, nobody 401', async () => {
    expect((await call('GET', '/api/facilities', { token: monitor })).status).toBe(200);
    expect((await call('GET', '/api/facilities', { token: admin })).status).toBe(200);
    const refused = await call('GET', '/api/facilities', { token: manager });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(expect.any(String));
    expect((await call('GET', '/api/facilities')).status).toBe(401);
  });

  it('rows are facility views with stats and the manager login, never bookkeeping fields', async () => {
    const s = stem();
    const owner = await makeUser({ has_changed_password: false });
    const f = await facilityWith(`${s}-1`, { manager_user_id: owner.id, fax: '2145550000', note: 'a note' });
    const { data, pagination } = await list({ facility_number: s });
    expect(pagination).toEqual({ current_page: 1, last_page: 1, per_page: 100, from: 1, to: 1, total: 1 });
    expect(Object.keys(data[0]).sort()).toEqual(VIEW_KEYS);
    expect(data[0]).toMatchObject({
      id: f.id, facility_number: `${s}-1`, fax: '2145550000', note: 'a note', insurance_program_label: 'PMA', tenant_count: 0,
      user: { id: owner.id, username: owner.username, has_changed_password: false },
      stats: expect.objectContaining({ upload_count: 0, tenant_count: 0, percent_complete: 0 }),
    });
    const text = JSON.stringify(data[0]);
    expect(text).not.toMatch(/manager_user_id|retired_at|original_password|password_hash|created_at|updated_at/);
  });

  it('filters: contains without regard to case on number, account name and corporate group; software and program exact', async () => {
    const s = stem();
    const a = await facilityWith(`${s}-1`, { account_name: 'Blue Harbor Storage', corporate_group: 'Acme Holdings', software: 'sitelink_web', insurance_program_key: 'aig', insurance_program_label: 'AIG' });
    const b = await facilityWith(`${s}-2`, { account_name: 'Red Hill Storage', corporate_group: 'Acme Holdings', software: 'storedge' });
    const c = await facilityWith(`${s}-3`, { account_name: 'blue lagoon', corporate_group: 'Other Co', software: 'storedge' });
    const ids = async (q: Record<string, string>) => (await list({ facility_number: s.toLowerCase(), ...q })).data.map((r) => r.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ account_name: 'BLUE' })).toEqual([a.id, c.id]);
    expect(await ids({ corporate_group: 'acme hold' })).toEqual([a.id, b.id]);
    expect(await ids({ software: 'storedge' })).toEqual([b.id, c.id]);
    expect(await ids({ insurance_program_key: 'aig' })).toEqual([a.id]);
    expect(await ids({ insurance_program_key: '', software: '' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ account_name: 'blue', software: 'storedge' })).toEqual([c.id]);
    expect(await ids({ account_name: 'nothing-like-this' })).toEqual([]);
  });

  it('sorts by facility number with numbers in numeric order, and pages', async () => {
    const s = stem();
    for (const n of ['10', '2', '1', '100', '21']) await facilityWith(`${s}-${n}`);
    const all = await list({ facility_number: s });
    expect(all.data.map((r) => r.facility_number)).toEqual(['1', '2', '10', '21', '100'].map((n) => `${s}-${n}`));
    const page2 = await list({ facility_number: s, per_page: 2, page: 2 });
    expect(page2.data.map((r) => r.facility_number)).toEqual([`${s}-10`, `${s}-21`]);
    expect(page2.pagination).toEqual({ current_page: 2, last_page: 3, per_page: 2, from: 3, to: 4, total: 5 });
    const past = await list({ facility_number: s, page: 9 });
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ total: 5, from: null, to: null });
  });

  it('badge counts cover the text-filtered rows before the filter key; the key then picks rows by its rule', async () => {
    const s = stem();
    const doing = await facilityWith(`${s}-1`);
    const { tenants } = await cycleWithTenants(doing, [tenant(1, null), tenant(2, null)]);
    await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE);
    const none = await facilityWith(`${s}-2`, { confirmed_no_move_outs_date: '2026-01-05' });
    const sent = await facilityWith(`${s}-3`, { initial_letter_sent_date: '2026-01-02' });
    const retired = await retire(await facilityWith(`${s}-4`, { confirmed_no_move_outs_date: '2026-01-05' }));

    const all = await list({ facility_number: s });
    expect(all.data.map((r) => r.id)).toEqual([doing.id, none.id, sent.id]);
    expect(all.data.map((r) => r.id)).not.toContain(retired.id);
    expect(all.stats).toEqual({
      move_outs: { doing_move_outs: 1, confirmed_move_outs: 0, confirmed_no_move_outs: 1, total: 3 },
      tenant_thresholds: { opt_outs_threshold: 0, provided_proof_threshold: 0, bad_address_threshold: 0, moved_out_threshold: 0 },
      letters: { initial_letters_unsent: 1, reminder_letters_unsent: 1, welcome_letters_unsent: 1 },
    });
    const filtered = await list({ facility_number: s, filter: 'confirmed_no_move_outs' });
    expect(filtered.data.map((r) => r.id)).toEqual([none.id]);
    expect(filtered.stats).toEqual(all.stats);
    expect(filtered.pagination.total).toBe(1);
    expect((await list({ facility_number: s, filter: 'doing_move_outs' })).data.map((r) => r.id)).toEqual([doing.id]);
    expect((await list({ facility_number: s, filter: 'reminder_letters_unsent' })).data.map((r) => r.id)).toEqual([sent.id]);
    expect((await list({ facility_number: s, filter: 'total' })).data).toHaveLength(3);
    const row = all.data[0];
    expect(row.stats).toMatchObject({ upload_count: 2, tenant_count: 2, non_responder: 2 });
    expect(row.tenant_count).toBe(2);
  });

  it.each([
    [{ filter: 'bogus' }, 'filter', 'filter is not a known filter.'],
    [{ software: 'sitelink' }, 'software', 'software must be one of easystorage, syrasoft, sitelink_web, storedge.'],
    [{ page: '0' }, 'page', 'page must be 1 or more.'],
    [{ per_page: '101' }, 'per_page', 'per_page must be at most 100.'],
    [{ page: 'two' }, 'page', 'page'],
  ])('%o answers 422 naming the field', async (query, field, message) => {
    const res = await call('GET', '/api/facilities', { token: monitor, query });
    expect(res.status, res.text).toBe(422);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(message);
  });
});

describe('POST /api/facilities', () => {
  it('adds the facility and its manager login; answers the generated username and password', async () => {
    const number = stem();
    const res = await call('POST', '/api/facilities', { token: monitor, form: addBody(number) });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'password', 'username']);
    expect(res.body.username).toBe(`manager${number.toLowerCase()}`);
    expect(res.body.password).toMatch(/^[A-Za-z0-9]{10}$/);

    const stored = (await getFacility(res.body.id))!;
    expect(stored).toMatchObject({
      facility_number: number, account_name: `Storage ${number}`, corporate_group: 'CG-7', prime_site_id: 'PS-1', state: 'TX', software: 'sitelink_web',
      insurance_program_key: 'aig', insurance_program_label: 'AIG', email: 'site@example.com', fax: null, note: 'Gate code 1234',
      uses_updated_lease_language: true, can_tag_removal: true, letter_effective_date: '2026-06-01', initial_letter_send_date: null,
      additional_contacts: [{ name: 'Dana', title: 'Owner', email: 'dana@example.com', phone: '2145550199' }],
      coverages: [{ coverage: 2000, premium: 12.5 }, { coverage: 3000, premium: 15, sitelink_coverage_id: '77' }],
      confirmed_move_outs_date: null, confirmed_no_move_outs_date: null, retired_at: null,
    });
    const user = (await getUser(stored.manager_user_id!))!;
    expect(user).toMatchObject({ username: res.body.username, facility_id: stored.id, has_changed_password: false, is_admin: false, is_monitor: false, real_name: 'Sam Site', email: 'site@example.com' });
    expect(await open(user.original_password_sealed!)).toBe(res.body.password);
    expect(await verifyPassword(res.body.password, user.password_hash)).toBe(true);

    // The new manager logs in with it and sees the facility as its own.
    const login = await call('POST', '/api/login', { json: { username: res.body.username, password: res.body.password } });
    expect(login.status, login.text).toBe(200);
    expect(login.body.user.facility_id).toBe(stored.id);

    const row = (await list({ facility_number: number })).data[0];
    expect(row).toMatchObject({ id: stored.id, user: { id: user.id, username: user.username, has_changed_password: false } });
  });

  it('accepts JSON with lists as arrays; lease language and can_tag_removal default to true', async () => {
    const number = stem();
    const body: Record<string, unknown> = { ...addBody(number), additional_contacts: [], coverages: [{ coverage: 5000, premium: 22 }] };
    delete body.uses_updated_lease_language;
    delete body.can_tag_removal;
    delete body.fax;
    const res = await call('POST', '/api/facilities', { token: admin, json: body });
    expect(res.status, res.text).toBe(201);
    expect(await getFacility(res.body.id)).toMatchObject({ uses_updated_lease_language: true, can_tag_removal: true, fax: null, additional_contacts: [] });
  });

  it('a taken manager username gets the next free suffix', async () => {
    const number = stem();
    await makeUser({ username: `manager${number.toLowerCase()}` });
    await makeUser({ username: `manager${number.toLowerCase()}-2` });
    const res = await call('POST', '/api/facilities', { token: monitor, form: addBody(number) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.username).toBe(`manager${number.toLowerCase()}-3`);
  });

  it('a facility number already set up is 409 and creates nothing', async () => {
    const number = stem();
    const first = await call('POST', '/api/facilities', { token: monitor, form: addBody(number) });
    expect(first.status).toBe(201);
    const before = (await getFacility(first.body.id))!;
    const again = await call('POST', '/api/facilities', { token: monitor, form: addBody(number.toLowerCase(), { account_name: 'Other' }) });
    expect(again.status, again.text).toBe(409);
    expect(again.body).toEqual({ error: `Facility ${number.toLowerCase()} is already set up.`, field: 'facility_number' });
    await expectUnchanged(before);
    expect(await getUserByUsername(`manager${number.toLowerCase()}-2`)).toBeNull();
  });

  it('when the manager login cannot be created, the facility is removed again', async () => {
    const number = stem();
    const base = `manager${number.toLowerCase()}`;
    for (let i = 1; i <= 50; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => makeUser({ username: i + j === 1 ? base : `${base}-${i + j}` })));
    }
    const res = await call('POST', '/api/facilities', { token: monitor, form: addBody(number) });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe(`Could not find a free username for the manager of facility ${number}.`);
    expect(await getFacilityByNumber(number)).toBeNull();
    expect((await list({ facility_number: number })).data).toEqual([]);
    // The number is free again (its claim went with the facility).
    await expect(facilityWith(number)).resolves.toMatchObject({ facility_number: number });
  });

  it.each([
    ['facility_number', { facility_number: '' }, 'Facility number is required.'],
    ['facility_number', { facility_number: 'A/B' }, 'Facility number may use letters, digits and - only.'],
    ['corporate_group', { corporate_group: ' ' }, 'Corporate group is required.'],
    ['account_name', { account_name: '' }, 'Company name is required.'],
    ['address', { address: '' }, 'Address is required.'],
    ['city', { city: '' }, 'City is required.'],
    ['state', { state: 'XX' }, 'state must be a two-letter state or territory code.'],
    ['zip_code', { zip_code: '' }, 'Zip code is required.'],
    ['zip_code', { zip_code: '7520' }, 'Zip code must be 5 digits or ZIP+4.'],
    ['software', { software: 'sitelink_alp' }, 'software must be one of easystorage, syrasoft, sitelink_web, storedge.'],
    ['insurance_program_key', { insurance_program_key: '' }, 'Insurance program is required.'],
    ['insurance_program_key', { insurance_program_key: 'nope' }, "Insurance program 'nope' does not exist."],
    ['contact_name', { contact_name: '' }, 'Manager name is required.'],
    ['email', { email: '' }, 'Site email is required.'],
    ['email', { email: 'not-an-email' }, 'Site email must be a valid email address.'],
    ['phone', { phone: '' }, 'Phone is required.'],
    ['phone', { phone: '12-34' }, 'Phone must have at least 7 digits.'],
    ['brochure_url', { brochure_url: '' }, 'Brochure URL is required.'],
    ['brochure_url', { brochure_url: 'ftp://example.com/b.pdf' }, 'Brochure URL must be a valid URL.'],
    ['certificate_url', { certificate_url: 'not a url' }, 'Certificate URL must be a valid URL.'],
    ['coverages', { coverages: '[]' }, 'coverage is required to add a facility'],
    ['coverages', { coverages: '' }, 'coverage is required to add a facility'],
    ['coverages.0.coverage', { coverages: '[{"coverage":"abc","premium":"12"}]' }, 'Coverage is an invalid number'],
    ['coverages.0.premium', { coverages: '[{"coverage":"2000","premium":"x"}]' }, 'Premium is an invalid number'],
    ['coverages', { coverages: '{not json' }, 'coverages must be a list of coverage options.'],
    ['additional_contacts.0.title', { additional_contacts: '[{"name":"A","title":" ","email":"a@b.c"}]' }, 'Title cannot be empty'],
    ['additional_contacts.0.name', { additional_contacts: '[{"name":"","title":"Owner","email":"a@b.c"}]' }, 'Name cannot be empty'],
    ['additional_contacts.0.email', { additional_contacts: '[{"name":"A","title":"Owner","email":""}]' }, 'Email cannot be empty'],
    ['letter_effective_date', { letter_effective_date: '2026-02-30' }, 'letter_effective_date must be a real calendar date.'],
    ['uses_updated_lease_language', { uses_updated_lease_language: 'maybe' }, 'uses_updated_lease_language'],
  ])('%s: %o answers 422 and creates nothing', async (field, change, message) => {
    const number = stem();
    const body = addBody(number, change as Record<string, string>);
    const res = await call('POST', '/api/facilities', { token: monitor, form: body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(message);
    expect(await getFacilityByNumber(number)).toBeNull();
    expect(await getUserByUsername(`manager${number.toLowerCase()}`)).toBeNull();
  });

  it('a missing body field is named; managers are refused 403, nobody 401; nothing is created', async () => {
    const number = stem();
    const body = addBody(number);
    delete body.contact_name;
    const missing = await call('POST', '/api/facilities', { token: monitor, form: body });
    expect(missing.status).toBe(422);
    expect(missing.body.field).toBe('contact_name');
    expect(missing.body.error).toContain('Manager name is required.');
    expect((await call('POST', '/api/facilities', { token: manager, form: addBody(number) })).status).toBe(403);
    expect((await call('POST', '/api/facilities', { form: addBody(number) })).status).toBe(401);
    expect(await getFacilityByNumber(number)).toBeNull();
  });
});

describe('POST /api/facilities/{id}', () => {
  it('edits the facility; tenant_count is ignored; the program label and the cycles list follow', async () => {
    const f = await facilityWith(stem());
    const { cycle } = await cycleWithTenants(f);
    const res = await call('POST', `/api/facilities/${f.id}`, {
      token: monitor,
      json: editBody(f, {
        account_name: 'Renamed Storage', corporate_group: 'New Group', insurance_program_key: 'aig', fax: '2145550000', note: 'New note',
        tenant_count: 999, facility_number: f.facility_number, can_tag_removal: false, coverages: [{ coverage: 9000, premium: 40 }],
        additional_contacts: [{ name: 'Lee', title: 'District Manager', email: 'lee@example.com', phone: '555-0100 x1' }],
      }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.facility).toMatchObject({
      id: f.id, account_name: 'Renamed Storage', insurance_program_key: 'aig', insurance_program_label: 'AIG', fax: '2145550000',
      tenant_count: 0, can_tag_removal: false, coverages: [{ coverage: 9000, premium: 40 }],
      additional_contacts: [{ name: 'Lee', title: 'District Manager', email: 'lee@example.com', phone: '55501001' }],
    });
    const stored = (await getFacility(f.id))!;
    expect(stored).toMatchObject({ account_name: 'Renamed Storage', corporate_group: 'New Group', note: 'New note', facility_number: f.facility_number });
    expect(stored).not.toHaveProperty('tenant_count');
    const entry = (await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)!;
    expect(entry).toMatchObject({ account_name: 'Renamed Storage', corporate_group: 'New Group', insurance_program_key: 'aig' });
    const facilityEntry = (await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === f.id)!;
    expect(facilityEntry.account_name).toBe('Renamed Storage');
  });

  it('records the letter-sent dates on the facility and, when named, on its cycle', async () => {
    const f = await facilityWith(stem());
    const { cycle } = await cycleWithTenants(f, [tenant(1, null)]);
    const res = await call('POST', `/api/facilities/${f.id}`, {
      token: monitor,
      form: { initial_letter_sent_date: '2026-03-01', reminder_letter_sent_date: '', welcome_letter_sent_date: '2026-03-20', cycle_id: cycle.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.facility).toMatchObject({ initial_letter_sent_date: '2026-03-01', reminder_letter_sent_date: null, welcome_letter_sent_date: '2026-03-20' });
    expect(await getCycle(cycle.id)).toMatchObject({ initial_letter_sent_date: '2026-03-01', reminder_letter_sent_date: null, welcome_letter_sent_date: '2026-03-20' });
    const after = (await getFacility(f.id))!;
    expect(after.account_name).toBe(f.account_name);
    // Without a cycle only the facility changes; the flags follow the dates.
    const again = await call('POST', `/api/facilities/${f.id}`, { token: admin, json: { initial_letter_sent_date: '2026-04-01', reminder_letter_sent_date: '2026-04-10', welcome_letter_sent_date: null } });
    expect(again.status, again.text).toBe(200);
    expect((await getCycle(cycle.id))!.initial_letter_sent_date).toBe('2026-03-01');
    const entry = (await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === f.id)!;
    expect(entry.flags).toContain('welcome_letters_unsent');
    expect(entry.flags).not.toContain('reminder_letters_unsent');
  });

  it('refuses a cycle of another facility or an unknown cycle, and changes neither', async () => {
    const f = await facilityWith(stem());
    const other = await facilityWith(stem());
    const { cycle } = await cycleWithTenants(other);
    const cycleBefore = await getCycle(cycle.id);
    for (const cycleId of [cycle.id, 'no-such-cycle']) {
      const res = await call('POST', `/api/facilities/${f.id}`, {
        token: monitor, json: { initial_letter_sent_date: '2026-03-01', reminder_letter_sent_date: '', welcome_letter_sent_date: '', cycle_id: cycleId },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ error: `cycle_id is not a cycle of facility ${f.facility_number}.`, field: 'cycle_id' });
    }
    await expectUnchanged(f);
    expect(await getCycle(cycle.id)).toEqual(cycleBefore);
  });

  it.each([
    ['contact_name', { contact_name: '' }, 'Manager name is required.'],
    ['email', { email: 'nope' }, 'Site email must be a valid email address.'],
    ['phone', { phone: '' }, 'Phone is required.'],
    ['brochure_url', { brochure_url: 'not a url' }, 'Brochure URL must be a valid URL.'],
    ['certificate_url', { certificate_url: '' }, 'Certificate URL is required.'],
    ['state', { state: 'Texas' }, 'state must be a two-letter state or territory code.'],
    ['coverages', { coverages: [] }, 'coverage is required to add a facility'],
    ['insurance_program_key', { insurance_program_key: 'ghost' }, "Insurance program 'ghost' does not exist."],
    ['facility_number', { facility_number: 'CHANGED-1' }, 'Facility number cannot be changed.'],
    ['', { initial_letter_sent_date: '2026-01-01' }, "Send either the facility's fields or the three letter-sent dates, not both"],
  ])('edit %s: %o answers 422 and changes nothing', async (field, change, message) => {
    const f = await facilityWith(stem());
    const res = await call('POST', `/api/facilities/${f.id}`, { token: monitor, json: editBody(f, change) });
    expect(res.status, res.text).toBe(422);
    if (field) expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(message);
    await expectUnchanged(f);
  });

  it('a bad letter-sent date is 422 and changes nothing', async () => {
    const f = await facilityWith(stem());
    const res = await call('POST', `/api/facilities/${f.id}`, { token: monitor, json: { initial_letter_sent_date: '03/01/2026', reminder_letter_sent_date: '', welcome_letter_sent_date: '' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'initial_letter_sent_date must be a date as YYYY-MM-DD.', field: 'initial_letter_sent_date' });
    await expectUnchanged(f);
  });

  it('unknown facility 404; managers 403 even for their own facility; nobody 401', async () => {
    const f = await facilityWith(stem());
    expect((await call('POST', '/api/facilities/no-such-facility', { token: monitor, json: editBody(f) })).status).toBe(404);
    const mine = (await getFacility(managerFacility.id))!;
    const refused = await call('POST', `/api/facilities/${mine.id}`, { token: manager, json: editBody(mine, { account_name: 'Mine now' }) });
    expect(refused.status).toBe(403);
    expect((await call('POST', `/api/facilities/${f.id}`, { json: editBody(f, { account_name: 'Anon' }) })).status).toBe(401);
    await expectUnchanged(f);
    await expectUnchanged(mine);
  });
});

describe('DELETE /api/facilities/{id}', () => {
  it('deletes a facility without cycles or tenants, with its number claim, catalog entry and manager login', async () => {
    const number = stem();
    const created = await call('POST', '/api/facilities', { token: monitor, form: addBody(number) });
    const f = (await getFacility(created.body.id))!;
    const res = await call('DELETE', `/api/facilities/${f.id}`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await getFacility(f.id)).toBeNull();
    expect(await getFacilityByNumber(number)).toBeNull();
    await expect(facilityWith(number)).resolves.toMatchObject({ facility_number: number });
    expect(await getUser(f.manager_user_id!)).toBeNull();
    expect(await getUserByUsername(created.body.username)).toBeNull();
    expect((await readCatalog<FacilityEntry>('facilities')).some((e) => e.id === f.id)).toBe(false);
    expect((await call('DELETE', `/api/facilities/${f.id}`, { token: monitor })).status).toBe(404);
  });

  it('refuses a facility with cycles, or with tenants, with 409 and changes nothing', async () => {
    const f = await facilityWith(stem());
    await cycleWithTenants(f);
    const before = (await getFacility(f.id))!;
    const res = await call('DELETE', `/api/facilities/${f.id}`, { token: admin });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe(`Facility ${f.facility_number} has 1 cycle; a facility with cycles cannot be deleted. Archive the facility instead.`);
    await expectUnchanged(before);

    // Tenants without a cycle link (counters say so) are refused too.
    const g = await facilityWith(stem());
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: facilityStatsKey(g.id), UpdateExpression: 'ADD #t :one', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':one': 1 } }));
    const withTenants = await call('DELETE', `/api/facilities/${g.id}`, { token: admin });
    expect(withTenants.status).toBe(409);
    expect(withTenants.body.error).toBe(`Facility ${g.facility_number} has tenants; a facility with tenants cannot be deleted. Archive the facility instead.`);
    await expectUnchanged(g);
  });

  it('managers 403 (even their own), nobody 401, unknown 404', async () => {
    expect((await call('DELETE', `/api/facilities/${managerFacility.id}`, { token: manager })).status).toBe(403);
    expect((await call('DELETE', `/api/facilities/${managerFacility.id}`)).status).toBe(401);
    expect((await call('DELETE', '/api/facilities/no-such-facility', { token: monitor })).status).toBe(404);
    expect(await getFacility(managerFacility.id)).not.toBeNull();
  });
});

describe('move-out confirmation: check-flagged and confirm-move-outs', () => {
  it('nobody flagged: confirmed no move-outs, tagging ends; confirming twice is 409', async () => {
    const f = await facilityWith(stem());
    await cycleWithTenants(f, [tenant(1, null)]);
    const flagged = await call('GET', `/api/facilities/${f.id}/check-flagged`, { token: monitor });
    expect(flagged.status).toBe(200);
    expect(flagged.body).toEqual({ tenants_flagged: 0 });
    const res = await call('POST', `/api/facilities/${f.id}/confirm-move-outs`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body.facility).toMatchObject({ confirmed_no_move_outs_date: programToday(), confirmed_move_outs_date: null, can_tag_removal: false });
    const entry = (await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === f.id)!;
    expect(entry.flags).toContain('confirmed_no_move_outs');
    const before = (await getFacility(f.id))!;
    const twice = await call('POST', `/api/facilities/${f.id}/confirm-move-outs`, { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(`Move-outs of facility ${f.facility_number} are already confirmed.`);
    await expectUnchanged(before);
  });

  it('tenants flagged: check-flagged counts them, confirm records confirmed move-outs', async () => {
    const f = await facilityWith(stem());
    const { tenants } = await cycleWithTenants(f, [tenant(1, null), tenant(2, null), tenant(3, 'opt_out')]);
    await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE);
    await saveTenant(tenants[2]!, { tagged_for_removal: true }, TEST_WRITE);
    expect((await call('GET', `/api/facilities/${f.id}/check-flagged`, { token: monitor })).body).toEqual({ tenants_flagged: 2 });
    const res = await call('POST', `/api/facilities/${f.id}/confirm-move-outs`, { token: monitor });
    expect(res.status).toBe(200);
    expect(res.body.facility).toMatchObject({ confirmed_move_outs_date: programToday(), confirmed_no_move_outs_date: null, can_tag_removal: false });
    const entry = (await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === f.id)!;
    expect(entry.flags).toContain('confirmed_move_outs');
    expect(entry.flags).not.toContain('doing_move_outs');
  });

  it('unknown 404; managers 403; nobody 401', async () => {
    const before = (await getFacility(managerFacility.id))!;
    for (const [method, suffix] of [['GET', 'check-flagged'], ['POST', 'confirm-move-outs']] as const) {
      expect((await call(method, `/api/facilities/no-such-facility/${suffix}`, { token: monitor })).status).toBe(404);
      expect((await call(method, `/api/facilities/${managerFacility.id}/${suffix}`, { token: manager })).status).toBe(403);
      expect((await call(method, `/api/facilities/${managerFacility.id}/${suffix}`)).status).toBe(401);
    }
    await expectUnchanged(before);
  });
});

describe('detail row: additional-contacts, coverages, tenant-filters', () => {
  it('answer the stored lists and the maintained tenant counts', async () => {
    const contacts = [{ name: 'Ann', title: 'Owner', email: 'ann@example.com', phone: '5125550100' }];
    const coverages = [{ coverage: 2000, premium: 12 }, { coverage: 3000, premium: 15, storedge_coverage_id: 'se-1' }];
    const f = await facilityWith(stem(), { additional_contacts: contacts, coverages });
    await cycleWithTenants(f, [tenant(1, null), tenant(2, 'opt_out'), tenant(3, 'plan-a'), tenant(4, 'moved_out', { tagged_for_removal: true })]);
    expect((await call('GET', `/api/facilities/${f.id}/additional-contacts`, { token: monitor })).body).toEqual(contacts);
    expect((await call('GET', `/api/facilities/${f.id}/coverages`, { token: admin })).body).toEqual(coverages);
    const filters = await call('GET', `/api/facilities/${f.id}/tenant-filters`, { token: monitor });
    expect(filters.status).toBe(200);
    const count = (key: string) => filters.body.find((x: any) => x.key === key)?.count;
    expect(filters.body.every((x: any) => typeof x.label === 'string')).toBe(true);
    expect([count('all'), count('non_responder'), count('opt_out'), count('any_coverage'), count('move_out'), count('tagged_for_removal'), count('requires_setup')])
      .toEqual([4, 1, 1, 1, 1, 1, 1]);
  });

  it('contacts and coverages are staff only; unknown ids 404', async () => {
    for (const suffix of ['additional-contacts', 'coverages', 'tenant-filters']) {
      expect((await call('GET', `/api/facilities/no-such-facility/${suffix}`, { token: monitor })).status).toBe(404);
      expect((await call('GET', `/api/facilities/${managerFacility.id}/${suffix}`)).status).toBe(401);
    }
    for (const suffix of ['additional-contacts', 'coverages']) {
      expect((await call('GET', `/api/facilities/${managerFacility.id}/${suffix}`, { token: manager })).status).toBe(403);
    }
  });

  it("a manager reads its own facility's tenant filters, never another's", async () => {
    expect((await call('GET', `/api/facilities/${managerFacility.id}/tenant-filters`, { token: manager })).status).toBe(200);
    const other = await call('GET', `/api/facilities/${managerFacility.id}/tenant-filters`, { token: otherManager });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('This record belongs to another facility.');
    expect((await call('GET', '/api/facilities/no-such-facility/tenant-filters', { token: manager })).status).toBe(404);
  });
});

describe('GET /api/facilities/search', () => {
  it('partial facility number (the % wildcards stripped), software groups, at most 50, never retired', async () => {
    const s = stem();
    const web = await facilityWith(`${s}-1`, { software: 'sitelink_web' });
    const alp = await facilityWith(`${s}-2`, { software: 'sitelink_alp', account_name: '' });
    const se = await facilityWith(`${s}-3`, { software: 'storedge' });
    await retire(await facilityWith(`${s}-4`, { software: 'storedge' }));
    const search = async (query: Record<string, string>) => {
      const res = await call('GET', '/api/facilities/search', { token: monitor, query });
      expect(res.status, res.text).toBe(200);
      return res.body as any[];
    };
    const found = await search({ facility_number: `%${s.toLowerCase()}%` });
    expect(found.map((r) => r.id)).toEqual([web.id, alp.id, se.id]);
    expect(found[1]).toEqual({ id: alp.id, facility_number: `${s}-2`, account_name: null, software: 'sitelink_alp', prime_site_id: '' });
    expect((await search({ facility_number: `%${s}%`, software: 'sitelink' })).map((r) => r.id)).toEqual([web.id, alp.id]);
    expect((await search({ facility_number: `%${s}%`, software: 'storedge' })).map((r) => r.id)).toEqual([se.id]);
    expect((await search({ facility_number: `${s}-3` })).map((r) => r.id)).toEqual([se.id]);
    expect((await search({ software: 'storedge' })).length).toBeLessThanOrEqual(50);
  });

  it('needs a facility number or a software: 422; managers 403; nobody 401', async () => {
    for (const query of [{}, { facility_number: '%%' }, { facility_number: '  ' }] as Record<string, string>[]) {
      const res = await call('GET', '/api/facilities/search', { token: monitor, query });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ error: 'facility_number or software is required.', field: 'facility_number' });
    }
    const bad = await call('GET', '/api/facilities/search', { token: monitor, query: { software: 'windows' } });
    expect(bad.status).toBe(422);
    expect(bad.body.field).toBe('software');
    expect((await call('GET', '/api/facilities/search', { token: manager, query: { facility_number: '%1%' } })).status).toBe(403);
    expect((await call('GET', '/api/facilities/search', { query: { facility_number: '%1%' } })).status).toBe(401);
  });
});

describe('GET /api/facilities/from-zoho', () => {
  it('answers the CRM records of a facility number; needs the number; staff only', async () => {
    const res = await call('GET', '/api/facilities/from-zoho', { token: monitor, query: { facility_number: '1001' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0].Facility_Number).toBe('1001');
    const missing = await call('GET', '/api/facilities/from-zoho', { token: monitor });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: 'Facility number is required.', field: 'facility_number' });
    expect((await call('GET', '/api/facilities/from-zoho', { token: manager, query: { facility_number: '1001' } })).status).toBe(403);
    expect((await call('GET', '/api/facilities/from-zoho', { query: { facility_number: '1001' } })).status).toBe(401);
  });
});
