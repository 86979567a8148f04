/**
 * The tenant response portal's API (issue 18) through the real HTTP path, DynamoDB, S3 and SES of the
 * suite's emulator: sign-in and its limits, the tenant session, the letter view and the three answers
 * with the status, dates, counters, history and the 'T' flag each leaves, proof files checked by
 * content, and the confirmation e-mails.
 *
 * Each test signs in from a loopback address of its own (127.x.y.z: the local runtime takes the
 * connection's address as the viewer's, as CloudFront does), so the per-address limit of one test never
 * refuses another's sign-ins.
 */
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programDay, programToday, sesMessagesTo, uniqueName } from './helpers';
import type { ApiResponse } from './helpers';
import { makeCycle, makeProgramFacility, tenant } from './cycle-fixtures';
import { makeUser, tokenFor, TEST_WRITE } from './fixtures';
import { bouncePermanently } from './ses-notifications';
import { hashToken } from '../../functions/auth/sessions';
import { dynamo, s3Client, s3Commands } from '../../functions/aws/clients';
import { bucketName, tableName } from '../../functions/aws/config';
import { uploadedSize } from '../../functions/aws/uploads';
import { cycleStatsKey } from '../../functions/cycles/cycle-store';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import type { FacilityRecord, NewFacility } from '../../functions/facilities/facility-store';
import { proofFromItem, proofKey, WAITING_COUNT_KEY } from '../../functions/proofs/proof-record';
import { expireRespondentSession, RESPONDENT_SESSION_MS } from '../../functions/respond/respondent-sessions';
import { FAILURE_FLOOR_MS } from '../../functions/respond/sign-in';
import { ADDRESS_MAX_FAILURES, CODE_LOCK_MS, CODE_MAX_FAILURES } from '../../functions/respond/sign-in-limits';
import { CONFIRMATIONS_PER_SESSION, CONFIRMATIONS_PER_TENANT_DAY } from '../../functions/respond/confirmation-limits';
import { findAccessCode, newAccessCode } from '../../functions/tenants/access-codes';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { createTenants, deleteTenants, getTenant } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';
import { SIGN_IN_REFUSED, PROOF_MAX_BYTES } from '../../shared/contracts/respond';
import { CHECKED_PROOFS_PREFIX, PROOF_UPLOAD_DAYS, PROOF_UPLOADS_PREFIX } from '../../shared/resources';

let addressCount = 0;
/** A loopback client address no other test signs in from (never 127.0.0.1, every other test's). */
const newAddress = () => `127.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250)}.${(++addressCount % 250) + 1}`;

interface Portal { facility: FacilityRecord; cycle: CycleRecord; tenant: TenantRecord; code: string }

/**
 * A tenant with an access code (claimed program-wide) in a facility of its own: a PMA facility in Texas
 * whose lease still needs the updated language (opting out offered), two plans, a deadline ahead.
 */
async function portalTenant(options: { facility?: Partial<NewFacility>; cycle?: Partial<CycleRecord>; tenant?: Partial<NewTenant> } = {}): Promise<Portal> {
  const facility = await makeProgramFacility({
    coverages: [{ coverage: 2000, premium: 12 }, { coverage: 3000, premium: 15 }], uses_updated_lease_language: true, ...options.facility,
  });
  const cycle = await makeCycle(facility, {
    update_responses_deadline_date: programDay(20), letter_effective_date: programDay(30), ...options.cycle,
  });
  const [made] = await createTenants(cycle, [tenant(null, { zip_code: '75001-1234', email: '', units: ['A12', 'A13'], unit: 'A12', ...options.tenant })], TEST_WRITE);
  const code = made!.access_code;
  expect(code).toHaveLength(8);
  // The tenant store claims the code with the tenant (functions/tenants/access-codes.ts).
  expect(await findAccessCode(code)).toEqual({ tenant_id: made!.id });
  return { facility, cycle, tenant: made!, code };
}

const signInCall = (code: string, zip: string, address: string, headers: Record<string, string> = {}) =>
  call('POST', '/api/respond/sign-in', { json: { access_code: code, zip_code: zip }, from: address, headers });

async function signedIn(p: Portal): Promise<string> {
  const res = await signInCall(formatAccessCode(p.code).toLowerCase(), '75001', newAddress());
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

/** A refused sign-in: the one text, no sooner than the floor. */
async function expectRefused(attempt: () => Promise<ApiResponse>): Promise<void> {
  const started = Date.now();
  const res = await attempt();
  const took = Date.now() - started;
  expect(res.status, res.text).toBe(401);
  expect(res.body).toEqual({ error: SIGN_IN_REFUSED });
  expect(res.headers.get('x-token-gone')).toBeNull();
  expect(took).toBeGreaterThanOrEqual(FAILURE_FLOOR_MS - 5);
}

const letter = (token: string) => call('GET', '/api/respond/letter', { token });
const post = (path: string, token: string, json: unknown) => call('POST', `/api/respond/${path}`, { token, json });

const codeLimit = async (code: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `RLIMIT#CODE#${code}`, sk: 'FAILURES' }, ConsistentRead: true }))).Item;

/** Ends a code's lock now, as if its time had run out (the count of locks, the back-off's memory, stays). */
const endLock = (code: string) => dynamo().send(new UpdateCommand({
  TableName: tableName(), Key: { pk: `RLIMIT#CODE#${code}`, sk: 'FAILURES' }, UpdateExpression: 'SET locked_until = :past', ExpressionAttributeValues: { ':past': 0 },
}));

const cycleStats = async (id: string) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: cycleStatsKey(id), ConsistentRead: true }))).Item ?? {};
const waitingCount = async () => Number((await dynamo().send(new GetCommand({ TableName: tableName(), Key: WAITING_COUNT_KEY, ConsistentRead: true }))).Item?.waiting ?? 0);
const proofItem = async (id: string) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: proofKey(id), ConsistentRead: true }))).Item!;


const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** Sends a file to S3 with the fields of a presigned POST, as the browser does. */
async function sendFile(target: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType: string, name: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  const sent = await fetch(target.url, { method: 'POST', body: form });
  expect(sent.status, await sent.text()).toBeLessThan(300);
}

/** The browser's way: ask for a presigned POST, send the file to S3 with its fields. Answers the upload id. */
async function upload(token: string, bytes: Buffer, contentType: 'application/pdf' | 'image/jpeg' | 'image/png', name = 'declarations.pdf'): Promise<string> {
  const asked = await post('proof-upload', token, { content_type: contentType, size: bytes.length });
  expect(asked.status, asked.text).toBe(200);
  await sendFile(asked.body as { url: string; fields: Record<string, string> }, bytes, contentType, name);
  return asked.body.upload_id as string;
}

const claimOf = async (uploadId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `PROOF_UPLOAD#${uploadId}`, sk: 'PROOF_UPLOAD' }, ConsistentRead: true }))).Item!;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The checked copies kept for the tenant's proofs (the uploads bucket's proofs/checked/{tenant}/). */
async function checkedCopies(tenantId: string): Promise<string[]> {
  const { ListObjectsV2Command } = await s3Commands();
  const out = await (await s3Client()).send(new ListObjectsV2Command({ Bucket: bucketName('uploads'), Prefix: `${CHECKED_PROOFS_PREFIX}${tenantId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

const proofBody = (uploadId: string, extra: Record<string, unknown> = {}) => ({
  upload_id: uploadId, insurer: 'State Farm', policy_expiry_date: programDay(200), ...extra,
});

let monitor: string;
beforeAll(async () => {
  monitor = await tokenFor('monitor');
});

describe('sign-in', () => {
  it('opens a 30-minute tenant session with the code typed any way and the ZIP code of the letter', async () => {
    const p = await portalTenant();
    const before = Date.now();
    const res = await signInCall(` ${formatAccessCode(p.code).toLowerCase()} `, '75001', newAddress());
    expect(res.status, res.text).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(res.body.expires_at as string);
    expect(expires - before).toBeGreaterThan(RESPONDENT_SESSION_MS - 60_000);
    expect(expires - before).toBeLessThanOrEqual(RESPONDENT_SESSION_MS + 5_000);
    // Stored only as its hash.
    const stored = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `RSESSION#${hashToken(res.body.token)}`, sk: 'RSESSION' } }));
    expect(stored.Item).toMatchObject({ tenant_id: p.tenant.id, facility_id: p.facility.id, cycle_id: p.cycle.id, expires_at_epoch: expect.any(Number) });
    expect(JSON.stringify(stored.Item)).not.toContain(res.body.token);
    // The ZIP+4 form and the code without its dash work too.
    expect((await signInCall(p.code, '75001-9999', newAddress())).status).toBe(200);
  });

  it('takes JSON only: a form or multipart body answers 415 and opens nothing (the group carries no form parser)', async () => {
    const p = await portalTenant();
    const fields = { access_code: p.code, zip_code: '75001' };
    for (const sent of [{ form: fields }, { multipart: fields }]) {
      const res = await call('POST', '/api/respond/sign-in', { ...sent, from: newAddress() });
      expect(res.status, res.text).toBe(415);
      expect(res.body).toEqual({ error: 'Send the body as JSON (application/json).' });
    }
  });

  it('refuses a wrong ZIP code, an unknown code, a malformed code and a tenant gone with one answer, no sooner than the floor', async () => {
    const p = await portalTenant();
    const address = newAddress();
    await expectRefused(() => signInCall(p.code, '75002', address));
    await expectRefused(() => signInCall(p.code, '7500', address));
    let unknown = newAccessCode();
    while (unknown === p.code) unknown = newAccessCode();
    await expectRefused(() => signInCall(unknown, '75001', address));
    await expectRefused(() => signInCall('K7PX-3M9O', '75001', address)); // O is not in the alphabet
    await expectRefused(() => signInCall('12', '75001', address));
    const gone = await portalTenant();
    await deleteTenants([gone.tenant], TEST_WRITE);
    await expectRefused(() => signInCall(gone.code, '75001', address));
    // A body that is not a sign-in at all is the contract's 422, before any lookup.
    const empty = await call('POST', '/api/respond/sign-in', { json: {} });
    expect(empty.status).toBe(422);
  });

  it(`locks a code after ${CODE_MAX_FAILURES} failures, even for the right ZIP code, and doubles the lock each time`, async () => {
    const p = await portalTenant();
    const address = newAddress();
    for (const res of await Promise.all(Array.from({ length: CODE_MAX_FAILURES }, () => signInCall(p.code, '99999', address)))) {
      expect(res.status, res.text).toBe(401);
    }
    const first = await codeLimit(p.code);
    expect(first).toMatchObject({ locks: 1, failures: 0 });
    expect(Number(first!.locked_until) - Date.now()).toBeGreaterThan(CODE_LOCK_MS - 60_000);
    expect(Number(first!.locked_until) - Date.now()).toBeLessThanOrEqual(CODE_LOCK_MS);
    await expectRefused(() => signInCall(p.code, '75001', newAddress()));
    // The lock ends; five more failures lock it again for twice as long.
    await endLock(p.code);
    for (let i = 0; i < CODE_MAX_FAILURES; i += 1) await expectRefused(() => signInCall(p.code, '11111', address));
    const second = await codeLimit(p.code);
    expect(second).toMatchObject({ locks: 2 });
    expect(Number(second!.locked_until) - Date.now()).toBeGreaterThan(2 * CODE_LOCK_MS - 60_000);
    await expectRefused(() => signInCall(p.code, '75001', newAddress()));
    // Once it ends, the right answer signs in and clears the count.
    await endLock(p.code);
    expect((await signInCall(p.code, '75001', newAddress())).status).toBe(200);
    expect(await codeLimit(p.code)).toBeUndefined();
  });

  it(`counts a sign-in before judging it: of 40 parallel wrong ZIP codes for one code ${CODE_MAX_FAILURES} are judged, and the code locks once`, async () => {
    const p = await portalTenant();
    const started = Date.now();
    for (const res of await Promise.all(Array.from({ length: 40 }, () => signInCall(p.code, '99999', newAddress())))) expect(res.status, res.text).toBe(401);
    // A sixth failure judged would have counted again (and locked the code a second time, for twice as long).
    const limit = await codeLimit(p.code);
    expect(limit).toMatchObject({ locks: 1, failures: 0 });
    expect(Number(limit!.locked_until) - started).toBeLessThanOrEqual(CODE_LOCK_MS + 60_000);
  });

  it(`counts a sign-in before judging it: of 40 parallel failures from one address ${ADDRESS_MAX_FAILURES} are judged`, async () => {
    const address = newAddress();
    const hours = new Set([new Date().toISOString().slice(0, 13)]);
    for (const res of await Promise.all(Array.from({ length: 40 }, () => signInCall(newAccessCode(), '75001', address)))) expect(res.status, res.text).toBe(401);
    hours.add(new Date().toISOString().slice(0, 13));
    let counted = 0;
    for (const hour of hours) {
      const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `RLIMIT#ADDR#${address}`, sk: `HOUR#${hour}` }, ConsistentRead: true }))).Item;
      counted += Number(item?.failures ?? 0);
    }
    expect(counted).toBe(ADDRESS_MAX_FAILURES);
  });

  it(`refuses an address for the rest of the hour after ${ADDRESS_MAX_FAILURES} failures, whatever it tries; other addresses are not affected`, async () => {
    const p = await portalTenant();
    const address = newAddress();
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i += 5) {
      await Promise.all(Array.from({ length: 5 }, () => signInCall(newAccessCode(), '75001', address)));
    }
    await expectRefused(() => signInCall(p.code, '75001', address));
    // The tenant's own code was not counted against: from elsewhere it signs in.
    expect((await signInCall(p.code, '75001', newAddress())).status).toBe(200);
  });

  it('counts the connection\'s address, never a CloudFront-Viewer-Address the client sent (as CloudFront overwrites it)', async () => {
    const p = await portalTenant();
    const address = newAddress();
    const victim = newAddress();
    // Every failure claims another address, and the victim's too: they all count against the sender's own.
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, j) => signInCall(newAccessCode(), '75001', address, {
        'cloudfront-viewer-address': j === 0 ? `${victim}:443` : `${newAddress()}:51234`,
      })));
    }
    await expectRefused(() => signInCall(p.code, '75001', address, { 'cloudfront-viewer-address': `${newAddress()}:51234` }));
    // The victim's address was never charged a failure.
    expect((await signInCall(p.code, '75001', victim)).status).toBe(200);
  });

  it('an over-long or malformed CloudFront-Viewer-Address from a client changes nothing (no 500)', async () => {
    const p = await portalTenant();
    for (const spoofed of [`${'9'.repeat(3000)}:1`, 'not an address', '[::1]:99999']) {
      expect((await signInCall(p.code, '75002', newAddress(), { 'cloudfront-viewer-address': spoofed })).status).toBe(401);
      const res = await signInCall(p.code, '75001', newAddress(), { 'cloudfront-viewer-address': spoofed });
      expect(res.status, res.text).toBe(200);
    }
  });
});

describe('the tenant session', () => {
  it('reaches only the respond routes; staff tokens do not reach them; it ends at sign-out or when its time is up', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    expect((await letter(token)).status).toBe(200);
    // A tenant token is not a user session: every staff route answers 401.
    for (const [method, path] of [['POST', '/api/logout'], ['GET', `/api/tenants/${p.tenant.id}/history`], ['POST', `/api/tenants/${p.tenant.id}/status`], ['GET', '/api/facilities']] as const) {
      const res = await call(method, path, { token });
      expect(res.status, `${path}: ${res.text}`).toBe(401);
      expect(res.headers.get('x-token-gone')).toBe('1');
    }
    // A staff token is not a tenant session.
    const staff = await letter(monitor);
    expect(staff.status).toBe(401);
    expect(staff.headers.get('x-token-gone')).toBe('1');

    const other = await signedIn(p);
    expect((await post('sign-out', token, {})).body).toEqual({ success: true });
    const ended = await letter(token);
    expect(ended.status).toBe(401);
    expect(ended.headers.get('x-token-gone')).toBe('1');
    // Sessions are separate: the other one lives until its time is up.
    expect((await letter(other)).status).toBe(200);
    await expireRespondentSession(hashToken(other));
    const expired = await letter(other);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('x-token-gone')).toBe('1');
  });
});

describe('the letter', () => {
  it('shows the letter facts, the facility\'s plans with their ids, the opt-out wording, no answer yet and the program\'s contact', async () => {
    const p = await portalTenant();
    const res = await letter(await signedIn(p));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      tenant: { first_name: p.tenant.first_name, last_name: p.tenant.last_name, units: ['A12', 'A13'], email: '' },
      facility: { name: p.facility.account_name, city: 'Testville', state: 'TX' },
      deadline: p.cycle.update_responses_deadline_date,
      coverages: [{ id: 'cov-2000-12', coverage: 2000, premium: 12 }, { id: 'cov-3000-15', coverage: 3000, premium: 15 }],
      coverage_effective_date: p.cycle.letter_effective_date,
      opt_out: { wording: expect.stringContaining('I decline the tenant protection plan') },
      answer: { kind: 'none' },
      closed: null,
      program: { name: 'Demo Tenant Protection Program', phone: expect.any(String), email: expect.stringContaining('@') },
    });
  });

  it('offers opting out only where the program allows it in the state and the lease does not already require insurance', async () => {
    const upToDateLease = await portalTenant({ facility: { uses_updated_lease_language: false } });
    const aigProgram = await portalTenant({ facility: { insurance_program_key: 'aig', insurance_program_label: 'AIG' } });
    const otherState = await portalTenant({ facility: { state: 'AZ' } });
    for (const p of [upToDateLease, aigProgram, otherState]) {
      const token = await signedIn(p);
      expect((await letter(token)).body.opt_out).toBeNull();
      const refused = await post('opt-out', token, { confirm: true });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.error).toBe('Opting out is not offered at this facility. Choose a coverage plan or upload proof of your own insurance.');
      expect((await getTenant(p.tenant.id))!.status).toBeNull();
    }
  });

  it('a plan chosen after the letter\'s effective date starts today', async () => {
    const p = await portalTenant({ cycle: { letter_effective_date: programDay(-10) } });
    expect((await letter(await signedIn(p))).body.coverage_effective_date).toBe(programToday());
  });
});

describe('answers', () => {
  it('a coverage plan: the status, the date, the T flag, the counters and the history; the e-mail in Spanish; the typed address is not kept on the tenant', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const bad = await post('coverage', token, { coverage_id: 'cov-9000-99' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: 'Choose one of the coverage options shown.', field: 'coverage_id' });
    const badMail = await post('coverage', token, { coverage_id: 'cov-3000-15', email: 'not-an-address' });
    expect(badMail.status).toBe(422);
    expect((await getTenant(p.tenant.id))!.status).toBeNull();

    const email = `${uniqueName('tenant')}@tenant.example`;
    const res = await post('coverage', token, { coverage_id: 'cov-3000-15', email, language: 'es' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.answer).toEqual({ kind: 'coverage', coverage_id: 'cov-3000-15', coverage: 3000, premium: 15, effective_date: p.cycle.letter_effective_date });
    expect(res.body.confirmation_email).toBe('sent');
    // An address typed on a public page is not the tenant's record (security issue 23): later mail never goes there.
    expect(res.body.tenant.email).toBe('');
    const saved = (await getTenant(p.tenant.id))!;
    expect(saved).toMatchObject({
      status: 'cov-3000-15', coverage_id: 'cov-3000-15', tenant_made_selection: true, insurance_effective_date: p.cycle.letter_effective_date, email: '',
      // The page's language is the tenant's from now on: the program's reminders are e-mailed in it (issue 27).
      language: 'es',
    });
    expect(await cycleStats(p.cycle.id)).toMatchObject({ selected_coverage: 1, requires_setup: 1, non_responder: 0 });
    const [entry] = await tenantHistory(p.tenant.id);
    expect(entry).toMatchObject({ action: 'respond_coverage', by: { user_id: `tenant:${p.tenant.id}`, username: 'Tenant' } });
    expect(entry!.changes).toContainEqual({ field: 'status', from: null, to: 'cov-3000-15' });

    const [mail] = await sesMessagesTo(email);
    expect(mail!.Source).toContain('Demo Tenant Protection Program');
    expect(mail!.Subject).toBe(`Recibimos su respuesta - ${p.facility.account_name}`);
    expect(mail!.Body!.text_part).toContain('Usted eligió una cobertura de $3,000 por $15.00 al mes');
    expect(mail!.Body!.text_part).toContain('las unidades A12, A13');

    // A changed mind before the deadline: the other plan, in English.
    const again = await post('coverage', token, { coverage_id: 'cov-2000-12', email: `other-${email}` });
    expect(again.status).toBe(200);
    expect((await getTenant(p.tenant.id))!).toMatchObject({ status: 'cov-2000-12', email: '' });
    const [english] = await sesMessagesTo(`other-${email}`);
    expect(english!.Subject).toBe(`We received your answer - ${p.facility.account_name}`);
    expect(english!.Body!.text_part).toContain('You chose coverage of $2,000 for $12.00 a month');
  });

  it('opting out where offered: status opt_out, today\'s date, the T flag, counters and history', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    expect((await post('opt-out', token, { confirm: false })).status).toBe(422);
    const res = await post('opt-out', token, { confirm: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.answer).toEqual({ kind: 'opt_out', date: programToday() });
    expect((await getTenant(p.tenant.id))!).toMatchObject({ status: 'opt_out', opt_out_date: programToday(), tenant_made_selection: true, coverage_id: null });
    expect(await cycleStats(p.cycle.id)).toMatchObject({ opted_out: 1, non_responder: 0 });
    expect((await tenantHistory(p.tenant.id))[0]).toMatchObject({ action: 'respond_opt_out', by: { user_id: `tenant:${p.tenant.id}` } });
  });

  it('a proof: a presigned POST for this tenant\'s key, the file checked by content, the proof waiting for review and the tenant waiting with it', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const asked = await post('proof-upload', token, { content_type: 'application/pdf', size: PDF.length });
    const policy = JSON.parse(Buffer.from(asked.body.fields.Policy as string, 'base64').toString('utf8')) as { conditions: unknown[] };
    // Exactly the declared size, and a key under the prefix that expires (never where checked proofs are kept).
    expect(policy.conditions).toContainEqual(['content-length-range', PDF.length, PDF.length]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual({ key: `${PROOF_UPLOADS_PREFIX}${p.tenant.id}/${asked.body.upload_id}` });
    expect((await post('proof-upload', token, { content_type: 'text/html', size: 10 })).status).toBe(422);
    expect((await post('proof-upload', token, { content_type: 'application/pdf', size: PROOF_MAX_BYTES + 1 })).status).toBe(422);

    // Sent before the file arrived.
    const early = await post('proof', token, proofBody(asked.body.upload_id));
    expect(early.status).toBe(422);
    expect(early.body.error).toBe('Upload the file first.');

    const waitingBefore = await waitingCount();
    const uploadId = await upload(token, PDF, 'application/pdf');
    const expired = await post('proof', token, proofBody(uploadId, { policy_expiry_date: programDay(-1) }));
    expect(expired.status).toBe(422);
    // Refused before its transaction: no copy kept, the upload still there to send with the right date.
    expect(await checkedCopies(p.tenant.id)).toEqual([]);
    expect(await uploadedSize(`${PROOF_UPLOADS_PREFIX}${p.tenant.id}/${uploadId}`)).toBe(PDF.length);
    const res = await post('proof', token, proofBody(uploadId, { email: `${uniqueName('proof')}@tenant.example` }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.answer).toMatchObject({ kind: 'proof', review: 'waiting', insurer: 'State Farm', reject_reason: null });
    expect((await getTenant(p.tenant.id))!).toMatchObject({ status: 'provide_proof', provided_proof_date: null, tenant_made_selection: true });
    expect(await cycleStats(p.cycle.id)).toMatchObject({ provided_proof: 1, non_responder: 0 });
    expect(await waitingCount()).toBe(waitingBefore + 1);
    expect((await tenantHistory(p.tenant.id))[0]).toMatchObject({ action: 'respond_proof', by: { user_id: `tenant:${p.tenant.id}` } });
    const claim = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `PROOF_UPLOAD#${uploadId}`, sk: 'PROOF_UPLOAD' } }))).Item!;
    const first = proofFromItem(await proofItem(claim.proof_id as string));
    expect(first).toMatchObject({ tenant_id: p.tenant.id, content_type: 'application/pdf', size: PDF.length, review: 'waiting', unit: 'A12' });
    expect((await proofItem(first.id)).gsi1pk).toBe('PROOFS#WAITING');

    // The same upload twice is refused.
    const twice = await post('proof', token, proofBody(uploadId));
    expect(twice.status).toBe(409);

    // A second proof replaces the first: it leaves the waiting list, the count stays.
    const second = await post('proof', token, proofBody(await upload(token, JPEG, 'image/jpeg', 'photo.jpg'), { insurer: 'Allstate' }));
    expect(second.status, second.text).toBe(200);
    expect(second.body.answer).toMatchObject({ kind: 'proof', insurer: 'Allstate', review: 'waiting' });
    const replaced = await proofItem(first.id);
    expect(replaced).toMatchObject({ review: 'replaced' });
    expect(replaced.gsi1pk).toBeUndefined();
    expect(replaced.gsi2pk).toBeUndefined();
    expect(await waitingCount()).toBe(waitingBefore + 1);

    // A plan instead: the waiting proof leaves the list and the count.
    const plan = await post('coverage', token, { coverage_id: 'cov-2000-12' });
    expect(plan.status).toBe(200);
    expect(await waitingCount()).toBe(waitingBefore);
    expect(await cycleStats(p.cycle.id)).toMatchObject({ provided_proof: 0, selected_coverage: 1 });
  });

  it('a rejected proof shows with its reason while the tenant is back to no response, and the tenant may upload again', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const uploadId = await upload(token, PDF, 'application/pdf');
    expect((await post('proof', token, proofBody(uploadId))).status).toBe(200);
    const claim = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: `PROOF_UPLOAD#${uploadId}`, sk: 'PROOF_UPLOAD' }, ConsistentRead: true }))).Item!;
    // Staff reject it on Proof Review: the proof decided, the tenant back to no response.
    const rejected = await call('POST', `/api/proof-reviews/${claim.proof_id as string}/reject`, { token: monitor, json: { reason: 'The page does not show the policy dates.' } });
    expect(rejected.status, rejected.text).toBe(200);
    const view = (await letter(token)).body;
    expect(view.answer).toMatchObject({ kind: 'proof', review: 'rejected', reject_reason: 'The page does not show the policy dates.' });
    expect(view.closed).toBeNull();
    const again = await post('proof', token, proofBody(await upload(token, PNG, 'image/png', 'page.png')));
    expect(again.status, again.text).toBe(200);
    expect(again.body.answer).toMatchObject({ kind: 'proof', review: 'waiting', reject_reason: null });
  });

  it('tells the type by content: a PNG named .pdf is a PNG; a text file named .pdf is refused and deleted', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const pngId = await upload(token, PNG, 'application/pdf', 'scan.pdf');
    const png = await post('proof', token, proofBody(pngId));
    expect(png.status, png.text).toBe(200);
    // The stored proof says what the file is, not what it was called or declared.
    expect(proofFromItem(await proofItem((await claimOf(pngId)).proof_id as string)).content_type).toBe('image/png');

    const textId = await upload(token, Buffer.from('This is my insurance, honest.\n'), 'application/pdf', 'policy.pdf');
    const text = await post('proof', token, proofBody(textId));
    expect(text.status).toBe(422);
    expect(text.body.error).toBe('The file is not a PDF, JPEG or PNG.');
    expect(await uploadedSize((await claimOf(textId)).file_key as string)).toBeNull();
    // Nothing changed: the PNG is still the answer.
    expect((await letter(token)).body.answer).toMatchObject({ kind: 'proof', review: 'waiting' });
  });

  it('refuses a file over 10 MB that reached the bucket (the POST policy bounds it on AWS; the emulator does not enforce policies) and deletes it', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const asked = await post('proof-upload', token, { content_type: 'application/pdf', size: 1000 });
    const key = asked.body.fields.key as string;
    await (await s3Client()).send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES)]) }));
    const res = await post('proof', token, proofBody(asked.body.upload_id));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('The file must be at most 10 MB.');
    expect(await uploadedSize(key)).toBeNull();
  });

  // S3 (LocalStack's, as AWS's) checks the policy's conditions, not only our own check.
  it('S3 refuses a file of another size than the one declared: its POST policy is the declared size at both ends', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const asked = await post('proof-upload', token, { content_type: 'application/pdf', size: PDF.length });
    const target = asked.body as { upload_id: string; url: string; fields: Record<string, string> };
    for (const [bytes, code] of [[Buffer.concat([PDF, Buffer.from(' ')]), 'EntityTooLarge'], [PDF.subarray(0, PDF.length - 1), 'EntityTooSmall']] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'declarations.pdf');
      const sent = await fetch(target.url, { method: 'POST', body: form });
      expect(sent.status, `${bytes.length} bytes`).toBe(400);
      expect(await sent.text()).toContain(code);
    }
    expect(await uploadedSize(target.fields.key!)).toBeNull();
    // The file of the declared size goes through.
    await sendFile(target, PDF, 'application/pdf', 'declarations.pdf');
    expect(await uploadedSize(target.fields.key!)).toBe(PDF.length);
  });

  it('refuses a file of another size than the one declared that reached the bucket some other way (the POST policy stops it at S3) and deletes it', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const asked = await post('proof-upload', token, { content_type: 'application/pdf', size: 1 });
    const key = asked.body.fields.key as string;
    await (await s3Client()).send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: PDF }));
    const res = await post('proof', token, proofBody(asked.body.upload_id));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'The file sent is not the one chosen. Choose the file and upload it again.', field: 'upload_id' });
    expect(await uploadedSize(key)).toBeNull();
    expect((await getTenant(p.tenant.id))!.status).toBeNull();
    expect((await claimOf(asked.body.upload_id)).used_at).toBeUndefined();
  });

  it('a submitted proof is the file that was checked: its copy is kept under a key no POST names, and re-posting to the upload changes nothing staff see', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const asked = await post('proof-upload', token, { content_type: 'application/pdf', size: PDF.length });
    const target = asked.body as { upload_id: string; url: string; fields: Record<string, string> };
    await sendFile(target, PDF, 'application/pdf', 'declarations.pdf');
    expect((await post('proof', token, proofBody(target.upload_id))).status).toBe(200);
    const claim = await claimOf(target.upload_id);
    // The upload itself is gone once its checked copy is kept.
    expect(await uploadedSize(target.fields.key!)).toBeNull();

    // The presigned POST is good for minutes more: other bytes of the same size sent to it land at the upload's key only.
    const swapped = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(PDF.length, ' '));
    expect(swapped.length).toBe(PDF.length);
    await sendFile(target, swapped, 'application/pdf', 'declarations.pdf');
    const link = await call('GET', `/api/proof-reviews/${claim.proof_id as string}/document`, { token: monitor });
    expect(link.status, link.text).toBe(200);
    const served = Buffer.from(await (await fetch(link.body.url as string)).arrayBuffer());
    expect(served.equals(PDF)).toBe(true);
    const proof = proofFromItem(await proofItem(claim.proof_id as string));
    expect(proof).toMatchObject({ file_key: `${CHECKED_PROOFS_PREFIX}${p.tenant.id}/${proof.id}`, size: PDF.length, content_type: 'application/pdf', sha256: sha256(PDF) });
    // And the used upload cannot be sent again.
    const again = await post('proof', token, proofBody(target.upload_id));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This file was already sent. Upload it again to send another proof.', field: 'upload_id' });
    expect(proofFromItem(await proofItem(proof.id))).toEqual(proof);
  });

  it('one upload sent twice at once makes one proof and keeps one copy (the refused one\'s copy is deleted)', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const uploadId = await upload(token, PDF, 'application/pdf');
    const both = await Promise.all([post('proof', token, proofBody(uploadId)), post('proof', token, proofBody(uploadId))]);
    expect(both.map((res) => res.status).sort()).toEqual([200, expect.any(Number)]);
    const refused = both.find((res) => res.status !== 200)!;
    expect([409, 422]).toContain(refused.status);
    expect(await checkedCopies(p.tenant.id)).toEqual([`${CHECKED_PROOFS_PREFIX}${p.tenant.id}/${(await claimOf(uploadId)).proof_id as string}`]);
  });

  it('a proof sent once the letter closed is refused (409) and keeps no copy of its upload, which is checked beside the letter\'s reads', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const uploadId = await upload(token, PDF, 'application/pdf');
    const t = (await getTenant(p.tenant.id))!;
    const moved = await call('POST', `/api/tenants/${t.id}/status`, { token: monitor, form: { status: 'moved_out', updated_at: t.updated_at } });
    expect(moved.status, moved.text).toBe(200);
    const res = await post('proof', token, proofBody(uploadId));
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toMatch(/moved out/);
    expect(await checkedCopies(p.tenant.id)).toEqual([]);
    expect(await uploadedSize(`${PROOF_UPLOADS_PREFIX}${p.tenant.id}/${uploadId}`)).toBe(PDF.length);
    expect((await claimOf(uploadId)).used_at).toBeUndefined();
  });

  it('the local uploads bucket carries the rules CDK deploys: proof uploads never submitted expire after a day', async () => {
    const { GetBucketLifecycleConfigurationCommand } = await s3Commands();
    const out = await (await s3Client()).send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucketName('uploads') }));
    // S3 answers a rule's prefix where it was given: in a Filter, or (CloudFormation's LifecycleConfiguration
    // from CDK's `prefix`) as the rule's own Prefix.
    const rules = (out.Rules ?? []).map((rule) => ({ ...rule, prefix: rule.Filter?.Prefix ?? rule.Prefix }));
    expect(rules).toContainEqual(expect.objectContaining({
      Status: 'Enabled', prefix: PROOF_UPLOADS_PREFIX, Expiration: expect.objectContaining({ Days: PROOF_UPLOAD_DAYS }),
    }));
    // Checked proofs are kept: no expiring rule reaches them (one without a prefix would reach everything;
    // CDK's rule that aborts unfinished multipart uploads covers the whole bucket and expires no object).
    const expiring = rules.filter((rule) => rule.Expiration);
    expect(expiring.length).toBeGreaterThan(0);
    for (const rule of expiring) expect(CHECKED_PROOFS_PREFIX.startsWith(rule.prefix ?? '')).toBe(false);
  });

  it('another tenant\'s upload reads as unknown', async () => {
    const a = await portalTenant();
    const b = await portalTenant();
    const aUpload = await upload(await signedIn(a), PDF, 'application/pdf');
    const res = await post('proof', await signedIn(b), proofBody(aUpload));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'This upload was not found. Choose the file and upload it again.', field: 'upload_id' });
    expect((await getTenant(b.tenant.id))!.status).toBeNull();
    expect((await post('proof', await signedIn(b), proofBody(randomUUID()))).status).toBe(422);
  });
});

describe('what an answer records and mails (security issue 23)', () => {
  it('says how the tenant signed in, in the answer and in its history entry; managers read no address there', async () => {
    const p = await portalTenant();
    const address = newAddress();
    const before = Date.now();
    const signIn = await signInCall(p.code, '75001', address);
    expect(signIn.status, signIn.text).toBe(200);
    const token = signIn.body.token as string;
    const res = await post('opt-out', token, { confirm: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.sign_in).toEqual({ method: 'access_code_and_zip', address, at: expect.any(String), session: hashToken(token).slice(0, 16) });
    expect(Date.parse(res.body.sign_in.at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.sign_in.at as string)).toBeLessThanOrEqual(Date.now());
    const [entry] = await tenantHistory(p.tenant.id);
    expect(entry).toMatchObject({ action: 'respond_opt_out', sign_in: res.body.sign_in });
    // Staff read the whole record; the facility's manager reads how, not from where.
    const staff = await call('GET', `/api/tenants/${p.tenant.id}/history`, { token: monitor });
    expect(staff.body[0].sign_in).toEqual(res.body.sign_in);
    const manager = await tokenFor(await makeUser({ facility_id: p.facility.id }));
    const managers = await call('GET', `/api/tenants/${p.tenant.id}/history`, { token: manager });
    expect(managers.status, managers.text).toBe(200);
    expect(managers.body[0].sign_in).toEqual({ ...res.body.sign_in, address: null });
  });

  it('a confirmation to an address suppressed for returned e-mail is not sent: the answer says failed (the portal tells nothing of the address), the history says why (issue 26)', async () => {
    const p = await portalTenant();
    const email = `${uniqueName('bounced')}@tenant.example`;
    await bouncePermanently(email);
    const res = await post('coverage', await signedIn(p), { coverage_id: 'cov-2000-12', email });
    expect(res.status, res.text).toBe(200);
    expect(res.body.confirmation_email).toBe('failed');
    expect((await getTenant(p.tenant.id))!.status).toBe('cov-2000-12');
    expect(await sesMessagesTo(email)).toEqual([]);
    const skipped = (await tenantHistory(p.tenant.id)).filter((e) => e.action === 'email_not_sent');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.changes[0]!.to).toContain(`Portal confirmation not sent to ${email}`);
  });

  it(`a session mails at most ${CONFIRMATIONS_PER_SESSION} confirmations, a tenant at most ${CONFIRMATIONS_PER_TENANT_DAY} a day; the answers are saved all the same`, async () => {
    const p = await portalTenant();
    const sent: string[] = [];
    const answerTo = async (token: string, outcome: 'sent' | 'limit_reached') => {
      const email = `${uniqueName('spam')}@victim.example`;
      const coverage = sent.length % 2 ? 'cov-2000-12' : 'cov-3000-15';
      const res = await post('coverage', token, { coverage_id: coverage, email });
      expect(res.status, res.text).toBe(200);
      expect(res.body.confirmation_email).toBe(outcome);
      expect((await getTenant(p.tenant.id))!.status).toBe(coverage);
      if (outcome === 'sent') sent.push(email);
      else expect(await sesMessagesTo(email)).toEqual([]);
    };
    const first = await signedIn(p);
    for (let i = 0; i < CONFIRMATIONS_PER_SESSION; i += 1) await answerTo(first, 'sent');
    await answerTo(first, 'limit_reached');
    // Signing in again opens a new session's share, up to the tenant's day.
    while (sent.length < CONFIRMATIONS_PER_TENANT_DAY) {
      const again = await signedIn(p);
      for (let i = 0; i < CONFIRMATIONS_PER_SESSION && sent.length < CONFIRMATIONS_PER_TENANT_DAY; i += 1) await answerTo(again, 'sent');
    }
    await answerTo(await signedIn(p), 'limit_reached');
    for (const email of sent) expect(await sesMessagesTo(email)).toHaveLength(1);
    // No address typed: no mail, and nothing counted or kept.
    expect((await post('coverage', await signedIn(p), { coverage_id: 'cov-2000-12' })).body.confirmation_email).toBe('not_asked');
    expect((await getTenant(p.tenant.id))!.email).toBe('');
  });

  it("never mails what the tenant typed: the proof's confirmation is in the program's words, not the insurer typed", async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    const email = `${uniqueName('proof')}@tenant.example`;
    const insurer = 'Your account is locked: sign in at http://evil.example/verify';
    const res = await post('proof', token, proofBody(await upload(token, PDF, 'application/pdf'), { insurer, email }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.answer).toMatchObject({ kind: 'proof', insurer });
    const [mail] = await sesMessagesTo(email);
    expect(mail!.Body!.text_part).toContain('We received your proof of insurance');
    expect(mail!.Body!.text_part).not.toContain('evil.example');
    expect(mail!.Subject).not.toContain('evil.example');
  });
});

describe('when answers close', () => {
  const answerCalls = (token: string) => [
    post('coverage', token, { coverage_id: 'cov-2000-12' }),
    post('opt-out', token, { confirm: true }),
    post('proof-upload', token, { content_type: 'application/pdf', size: 100 }),
    post('proof', token, proofBody(randomUUID())),
  ];

  async function expectClosed(p: Portal, reason: string, message: RegExp): Promise<void> {
    const token = await signedIn(p);
    const view = await letter(token);
    expect(view.status, view.text).toBe(200);
    expect(view.body.closed).toBe(reason);
    const before = await getTenant(p.tenant.id);
    for (const res of await Promise.all(answerCalls(token))) {
      expect(res.status, res.text).toBe(409);
      expect(res.body.error).toMatch(message);
    }
    expect(await getTenant(p.tenant.id)).toEqual(before);
  }

  it('after the deadline day', async () => {
    await expectClosed(await portalTenant({ cycle: { update_responses_deadline_date: programDay(-1) } }), 'deadline_passed', /deadline to answer this letter .* has passed/);
  });

  it('once staff confirmed a proof, or set an answer the portal does not offer', async () => {
    await expectClosed(await portalTenant({ tenant: { status: 'provide_proof', provided_proof_date: programToday() } }), 'confirmed', /confirmed by our staff/);
    await expectClosed(await portalTenant({ tenant: { status: 'bad_address' } }), 'confirmed', /confirmed by our staff/);
  });

  it('once the coverage is set up, or the tenant moved out', async () => {
    await expectClosed(await portalTenant({ tenant: { status: 'cov-2000-12', coverage_id: 'cov-2000-12', setup_insurance_date: programToday() } }), 'set_up', /already set up/);
    await expectClosed(await portalTenant({ tenant: { status: 'moved_out', move_out_date: programToday() } }), 'moved_out', /moved out/);
  });

  it('a tenant archived or removed meanwhile: 410 on every call', async () => {
    const p = await portalTenant();
    const token = await signedIn(p);
    await deleteTenants([(await getTenant(p.tenant.id))!], TEST_WRITE);
    const view = await letter(token);
    expect(view.status).toBe(410);
    expect(view.body.error).toMatch(/no longer open for answers/);
    for (const res of await Promise.all(answerCalls(token))) expect(res.status).toBe(410);
  });
});
