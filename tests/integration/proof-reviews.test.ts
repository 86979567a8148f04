/**
 * Proof Review (issue 18) through the real path: tenants upload proofs on the portal (sign in with the
 * access code and ZIP code, presigned POST of the file into the uploads bucket, submit), staff list
 * them (oldest first, by facility number and submitted dates in the program's time zone, 100 a page),
 * open the document through its short-lived link, accept or reject them (the tenant's status, history
 * and counters, the waiting count, the rejection e-mail through the emulator's SES), and every refusal.
 * The paging and date-boundary lists use proofs written with the same store calls the portal makes,
 * with chosen submitted times (105 portal uploads would only be slower).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programToday, sesMessagesTo } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { bouncePermanently } from './ses-notifications';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { cycleStatsKey } from '../../functions/cycles/cycle-store';
import { WAITING_COUNT_KEY, checkedProofKey, proofItem } from '../../functions/proofs/proof-record';
import type { ProofRecord } from '../../functions/proofs/proof-record';
import { getProof } from '../../functions/proofs/proof-review-store';
import { statusChanges } from '../../functions/tenants/tenant-changes';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { deleteTenants, getTenant, saveTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { portalUrl } from '../../shared/access-code';
import type { ProofReviewRow } from '../../shared/contracts/proof-reviews';
import { TEST_WRITE } from './test-write';
import { sendProofOnPortal } from './portal-proof';
import type { PortalProof } from './portal-proof';
import { PROOF_REJECTION_REASONS } from '../../shared/proof-rejection';

let monitor = '';
let monitorName = '';
let manager = '';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR proof of insurance')]);

interface ListAnswer {
  data: ProofReviewRow[];
  pagination: { current_page: number; last_page: number; total: number; exact: boolean; next_cursor: string | null; from: number | null; to: number | null };
}

async function list(query: Record<string, string | number> = {}, token = monitor): Promise<ListAnswer> {
  const res = await call('GET', '/api/proof-reviews', { token, query });
  expect(res.status, res.text).toBe(200);
  return res.body as ListAnswer;
}

async function waiting(): Promise<number> {
  const res = await call('GET', '/api/proof-reviews/count', { token: monitor });
  expect(res.status, res.text).toBe(200);
  return (res.body as { waiting: number }).waiting;
}

async function cycleStats(cycleId: string): Promise<Record<string, number>> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: cycleStatsKey(cycleId), ConsistentRead: true }));
  return out.Item as Record<string, number>;
}

/** A facility of its own with a cycle of tenants, each with its access code and a ZIP code for the portal. */
async function proofFacility(count: number, extra: (i: number) => Parameters<typeof tenant>[2] = () => ({})) {
  const facility = await facilityWith(stem());
  const { cycle, tenants } = await cycleWithTenants(facility, Array.from({ length: count }, (_, i) => tenant(i + 1, null, {
    email: `proof-${randomUUID().slice(0, 8)}@tenant.example`, ...extra(i + 1),
  })));
  return { facility, cycle, tenants };
}

/** What a tenant does on the portal: sign in, get a presigned POST, send the file to S3, submit it. Answers the proof's row. */
async function uploadThroughPortal(t: TenantRecord, file: { bytes: Buffer; type: PortalProof['type'] } = { bytes: PDF, type: 'application/pdf' }, insurer = 'Acme Mutual'): Promise<ProofReviewRow> {
  await sendProofOnPortal(t, { ...file, insurer, policy_expiry_date: '2099-06-30' });
  const rows = (await list({ facility_number: t.facility_number })).data.filter((r) => r.tenant_id === t.id);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A waiting proof written as the portal writes one (saveTenant with the proof and the count), submitted at a chosen time. */
async function writtenProof(t: TenantRecord, submittedAt: string): Promise<ProofRecord> {
  const current = (await getTenant(t.id))!;
  const id = randomUUID();
  const proof: ProofRecord = {
    id, tenant_id: t.id, facility_id: t.facility_id, facility_number: t.facility_number, cycle_id: t.cycle_id,
    first_name: t.first_name, last_name: t.last_name, unit: t.unit, insurer: 'Written Mutual', policy_expiry_date: '2099-01-31',
    content_type: 'application/pdf', size: PDF.length, file_key: checkedProofKey(t.id, id), sha256: null, submitted_at: submittedAt,
    review: 'waiting', decided_at: null, decided_by: null, reject_reason: null, reject_reason_code: null, reading: null, accepted_facts: null,
  };
  await saveTenant(current, { ...statusChanges('provide_proof', current, '2026-11-24'), provided_proof_date: null, tenant_made_selection: true, waiting_proof_id: proof.id },
    { actor: { user_id: `tenant:${t.id}`, username: 'Tenant' }, action: 'respond_proof' }, {
      alongside: [
        { Put: { TableName: tableName(), Item: proofItem(proof), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: tableName(), Key: WAITING_COUNT_KEY, UpdateExpression: 'ADD waiting :one', ExpressionAttributeValues: { ':one': 1 } } },
      ],
    });
  return proof;
}

beforeAll(async () => {
  const [m, g] = await Promise.all([makeUser({ is_monitor: true }), makeManagerWithFacility()]);
  monitor = await tokenFor(m);
  monitorName = m.username;
  manager = g.token;
});

describe('the waiting list and its count', () => {
  it('lists a facility\'s uploaded proofs oldest first with what staff need, and counts each one', async () => {
    const { facility, tenants } = await proofFacility(3);
    const before = await waiting();
    const rows: ProofReviewRow[] = [];
    for (const t of tenants) rows.push(await uploadThroughPortal(t, t === tenants[1] ? { bytes: PNG, type: 'image/png' } : undefined, `Insurer ${t.unit}`));
    expect(await waiting()).toBe(before + 3);

    const answer = await list({ facility_number: facility.facility_number });
    expect(answer.data.map((r) => r.tenant_id)).toEqual(tenants.map((t) => t.id));
    expect(answer.data[1]).toMatchObject({
      facility_number: facility.facility_number, first_name: 'First2', last_name: 'Last2', unit: 'U2', insurer: 'Insurer U2',
      policy_expiry_date: '2099-06-30', content_type: 'image/png', size: PNG.length,
    });
    // A filtered list counts what it has read; only the whole list's total is the count.
    expect(answer.pagination).toMatchObject({ current_page: 1, last_page: 1, total: 3, exact: false, next_cursor: null, from: 1, to: 3 });
    // The facility number is typed case-free, as in the other facility filters.
    expect((await list({ facility_number: ` ${facility.facility_number.toLowerCase()} ` })).data.map((r) => r.id)).toEqual(answer.data.map((r) => r.id));
    const whole = await list();
    expect(whole.pagination).toMatchObject({ exact: true, total: await waiting() });
    expect(whole.data.length).toBe(Math.min(100, whole.pagination.total));
    // Oldest first across the program too.
    const times = whole.data.map((r) => r.submitted_at);
    expect(times).toEqual([...times].sort());
  });

  it('pages 100 at a time by cursor, and the whole list by number', async () => {
    const { facility, tenants } = await proofFacility(105);
    const start = Date.parse('2026-01-05T12:00:00.000Z');
    for (let i = 0; i < tenants.length; i += 15) {
      await Promise.all(tenants.slice(i, i + 15).map((t, j) => writtenProof(t, new Date(start + (i + j) * 60_000).toISOString())));
    }
    const first = await list({ facility_number: facility.facility_number });
    expect(first.data).toHaveLength(100);
    expect(first.pagination).toMatchObject({ current_page: 1, last_page: 2, total: 100, exact: false, from: 1, to: 100 });
    expect(first.pagination.next_cursor).toBeTruthy();
    const second = await list({ facility_number: facility.facility_number, page: 2, cursor: first.pagination.next_cursor! });
    expect(second.data).toHaveLength(5);
    expect(second.pagination).toMatchObject({ current_page: 2, last_page: 2, total: 105, next_cursor: null, from: 101, to: 105 });
    expect([...first.data, ...second.data].map((r) => r.tenant_id)).toEqual(tenants.map((t) => t.id));

    // Page 2 of a filtered list needs page 1's cursor; a cursor of another list is refused.
    const refusals = await Promise.all([
      call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: facility.facility_number, page: 2 } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: 'OTHER', cursor: first.pagination.next_cursor! } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: facility.facility_number, cursor: 'not-a-cursor' } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: facility.facility_number, from: '2026-01-06', cursor: first.pagination.next_cursor! } }),
    ]);
    for (const res of refusals) {
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatch(/cursor|page 1/i);
    }

    // The whole list (at least these 105) goes by number: page 2 continues page 1, in order.
    const whole1 = await list();
    const whole2 = await list({ page: 2 });
    expect(whole2.pagination).toMatchObject({ current_page: 2, exact: true, from: 101 });
    expect(whole1.pagination.last_page).toBe(Math.ceil(whole1.pagination.total / 100));
    const joined = [...whole1.data, ...whole2.data].map((r) => `${r.submitted_at}#${r.id}`);
    expect(joined).toEqual([...joined].sort());
    expect(new Set(joined).size).toBe(joined.length);
    // By cursor it reads the same page.
    const byCursor = await list({ page: 2, cursor: whole1.pagination.next_cursor! });
    expect(byCursor.data.map((r) => r.id)).toEqual(whole2.data.map((r) => r.id));
  });

  it('filters by the submitted dates as days of the program\'s time zone (America/Chicago)', async () => {
    expect(DEMO_PROGRAM_SETTINGS.time_zone).toBe('America/Chicago');
    const { facility, tenants } = await proofFacility(4);
    // November 10, 2026 in Chicago (CST, UTC-6) runs from 06:00 UTC that day to 06:00 UTC the next.
    const times = ['2026-11-10T05:59:59.999Z', '2026-11-10T06:00:00.000Z', '2026-11-11T05:59:59.999Z', '2026-11-11T06:00:00.000Z'];
    for (const [i, t] of tenants.entries()) await writtenProof(t, times[i]!);
    const units = async (query: Record<string, string>) => (await list({ facility_number: facility.facility_number, ...query })).data.map((r) => r.unit);
    expect(await units({ from: '2026-11-10', to: '2026-11-10' })).toEqual(['U2', 'U3']);
    expect(await units({ from: '2026-11-11' })).toEqual(['U4']);
    expect(await units({ to: '2026-11-09' })).toEqual(['U1']);
    expect(await units({ from: '2026-11-09', to: '2026-11-11' })).toEqual(['U1', 'U2', 'U3', 'U4']);
    // Across facilities (gsi1) the same bounds hold.
    const all = (await list({ from: '2026-11-10', to: '2026-11-10' })).data.filter((r) => r.facility_number === facility.facility_number);
    expect(all.map((r) => r.unit)).toEqual(['U2', 'U3']);

    const bad = await Promise.all([
      call('GET', '/api/proof-reviews', { token: monitor, query: { from: '2026-11-12', to: '2026-11-10' } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { from: '2026-02-30' } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { to: '11/10/2026' } }),
      call('GET', '/api/proof-reviews', { token: monitor, query: { page: 0 } }),
    ]);
    for (const res of bad) expect(res.status, res.text).toBe(422);
    expect(bad[0]!.body.error).toBe('Submitted from must be on or before Submitted to.');
  });
});

describe('viewing a proof', () => {
  it('answers a 5-minute link that serves the file inline with its checked type', async () => {
    const { tenants } = await proofFacility(2);
    const pdf = await uploadThroughPortal(tenants[0]!);
    const png = await uploadThroughPortal(tenants[1]!, { bytes: PNG, type: 'image/png' });
    for (const [row, bytes, type] of [[pdf, PDF, 'application/pdf'], [png, PNG, 'image/png']] as const) {
      const res = await call('GET', `/api/proof-reviews/${row.id}/document`, { token: monitor });
      expect(res.status, res.text).toBe(200);
      expect(res.body.content_type).toBe(type);
      const url = new URL(res.body.url as string);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="proof-[A-Za-z0-9-]+\.(pdf|png)"$/);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses an unknown proof', async () => {
    const res = await call('GET', `/api/proof-reviews/${randomUUID()}/document`, { token: monitor });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error).toBe('This proof is not on record.');
  });
});

describe('accepting and rejecting', () => {
  it('accept: Provided Proof from today, on the tenant\'s history, off the list and the count', async () => {
    const { facility, cycle, tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const row = await uploadThroughPortal(t);
    const [count, stats] = [await waiting(), await cycleStats(cycle.id)];
    expect(stats.provided_proof).toBe(1);

    const res = await call('POST', `/api/proof-reviews/${row.id}/accept`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });

    const after = (await getTenant(t.id))!;
    // Until the policy ends (issue 27): the proof's own expiry date, as the tenant typed it.
    expect(after).toMatchObject({ status: 'provide_proof', provided_proof_date: programToday(), tenant_made_selection: true, proof_expiry_date: '2099-06-30' });
    const [entry] = await tenantHistory(t.id, 1);
    expect(entry).toMatchObject({ action: 'proof_accepted', by: { username: monitorName } });
    expect(entry!.changes).toEqual([{ field: 'proof_expiry_date', from: null, to: '2099-06-30' }, { field: 'provided_proof_date', from: null, to: programToday() }]);
    expect(await getProof(row.id)).toMatchObject({ review: 'accepted', decided_by: { username: monitorName }, reject_reason: null });
    expect((await list({ facility_number: facility.facility_number })).data).toEqual([]);
    expect(await waiting()).toBe(count - 1);
    // Still a proof answer: the status counters stay as they were.
    expect(await cycleStats(cycle.id)).toMatchObject({ provided_proof: 1, non_responder: stats.non_responder });

    // Decided once: a second decision either way is refused and changes nothing.
    for (const path of ['accept', 'reject']) {
      const again = await call('POST', `/api/proof-reviews/${row.id}/${path}`, { token: monitor, json: { reason: 'Too late' } });
      expect(again.status, again.text).toBe(409);
      expect(again.body.error).toBe(`This proof was already accepted by ${monitorName}. Refresh the list to see the proofs still waiting.`);
    }
    expect(await waiting()).toBe(count - 1);
    expect((await getTenant(t.id))!.updated_at).toBe(after.updated_at);
  });

  it('reject: back to no response, the reason kept and e-mailed with the portal address; the tenant can upload again', async () => {
    const { facility, cycle, tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const row = await uploadThroughPortal(t);
    const [count, stats] = [await waiting(), await cycleStats(cycle.id)];
    const reason = `The declarations page does not name the storage address (${randomUUID().slice(0, 6)}).`;

    const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json: { reason: `  ${reason}  ` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, email: 'sent' });

    expect(await getTenant(t.id)).toMatchObject({ status: null, provided_proof_date: null, tenant_made_selection: false });
    const [entry] = await tenantHistory(t.id, 1);
    expect(entry).toMatchObject({ action: 'proof_rejected', by: { username: monitorName } });
    expect(entry!.changes).toEqual(expect.arrayContaining([
      { field: 'status', from: 'provide_proof', to: null }, { field: 'tenant_made_selection', from: true, to: false },
    ]));
    expect(await getProof(row.id)).toMatchObject({ review: 'rejected', reject_reason: reason, decided_by: { username: monitorName } });
    expect(await waiting()).toBe(count - 1);
    expect(await cycleStats(cycle.id)).toMatchObject({ provided_proof: stats.provided_proof - 1, non_responder: stats.non_responder + 1 });

    const mail = await sesMessagesTo(t.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.Subject).toBe(`Your proof of insurance was not accepted - ${facility.account_name}`);
    expect(mail[0]!.Source).toContain(DEMO_PROGRAM_SETTINGS.program_name);
    const body = mail[0]!.Body!.text_part!;
    expect(body).toContain('Dear First1 Last1,');
    expect(body).toContain(reason);
    // The program's words only: the insurer's name is the tenant's typing, never quoted in mail (security issue 23).
    expect(body).toContain(`Thank you for sending proof of your own insurance for unit ${t.unit} at`);
    expect(body).not.toContain(row.insurer);
    expect(body).toContain(`${portalUrl(DEMO_PROGRAM_SETTINGS.website)} with the access code and ZIP code printed on your letter`);

    // The tenant answers again with a new proof: waiting again, the count back up.
    const again = await uploadThroughPortal(t, undefined, 'Second Insurer');
    expect(again.id).not.toBe(row.id);
    expect(await waiting()).toBe(count);
    expect(await getTenant(t.id)).toMatchObject({ status: 'provide_proof', tenant_made_selection: true });
  });

  it('reject to an address suppressed for returned e-mail: the decision stands, no e-mail goes, the answer and the history say so (issue 26)', async () => {
    const { tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const row = await uploadThroughPortal(t);
    await bouncePermanently(t.email);
    const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json: { reason: 'The page is unreadable.' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, email: 'suppressed' });
    expect(await getProof(row.id)).toMatchObject({ review: 'rejected' });
    expect(await sesMessagesTo(t.email)).toEqual([]);
    const skipped = (await tenantHistory(t.id)).filter((e) => e.action === 'email_not_sent');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ by: { username: monitorName } });
    expect(skipped[0]!.changes[0]!.to).toContain('Proof rejection e-mail not sent to');
  });

  it('reject with a common reason and words of one\'s own: the code is kept for the portal to say in the tenant\'s language, the e-mail says both (issue 24)', async () => {
    const { tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const row = await uploadThroughPortal(t);
    const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json: { reason_code: 'expired', reason: 'It ended in March.' } });
    expect(res.status, res.text).toBe(200);
    expect(await getProof(row.id)).toMatchObject({ review: 'rejected', reject_reason_code: 'expired', reject_reason: 'It ended in March.' });
    const body = (await sesMessagesTo(t.email))[0]!.Body!.text_part!;
    expect(body).toContain(`${PROOF_REJECTION_REASONS.expired} It ended in March.`);

    // A choice alone is a reason; an unknown code is refused with nothing changed.
    const other = (await proofFacility(1)).tenants[0]!;
    const second = await uploadThroughPortal(other);
    const unknown = await call('POST', `/api/proof-reviews/${second.id}/reject`, { token: monitor, json: { reason_code: 'because' } });
    expect(unknown.status, unknown.text).toBe(422);
    expect(await getProof(second.id)).toMatchObject({ review: 'waiting' });
    const alone = await call('POST', `/api/proof-reviews/${second.id}/reject`, { token: monitor, json: { reason_code: 'unreadable' } });
    expect(alone.status, alone.text).toBe(200);
    expect(await getProof(second.id)).toMatchObject({ review: 'rejected', reject_reason_code: 'unreadable', reject_reason: null });
  });

  it('reject without an e-mail address: decided, and the answer says no e-mail went', async () => {
    const { tenants } = await proofFacility(1, () => ({ email: '' }));
    const row = await uploadThroughPortal(tenants[0]!);
    const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json: { reason: 'The policy number is unreadable.' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, email: 'no_address' });
    expect(await getProof(row.id)).toMatchObject({ review: 'rejected' });
  });
});

describe('refusals', () => {
  it('takes JSON only, as the staff app sends it: a form body answers 415 and decides nothing (the group carries no form parser)', async () => {
    const { tenants } = await proofFacility(1);
    const row = await uploadThroughPortal(tenants[0]!);
    const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, form: { reason: 'No.' } });
    expect(res.status, res.text).toBe(415);
    expect(await getProof(row.id)).toMatchObject({ review: 'waiting' });
  });

  it('a reason is required to reject', async () => {
    const { tenants } = await proofFacility(1);
    const row = await uploadThroughPortal(tenants[0]!);
    for (const json of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json });
      expect(res.status, res.text).toBe(422);
    }
    expect(await getProof(row.id)).toMatchObject({ review: 'waiting' });
  });

  it('a rejection to e-mail waits for the program\'s identity: 409 naming what to set, nothing changed', async () => {
    const { tenants } = await proofFacility(1);
    const row = await uploadThroughPortal(tenants[0]!);
    const key = { pk: 'CONFIG', sk: 'PROGRAM_SETTINGS' };
    const saved = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET website = :none', ExpressionAttributeValues: { ':none': '' } }));
    try {
      const res = await call('POST', `/api/proof-reviews/${row.id}/reject`, { token: monitor, json: { reason: 'The page is blank.' } });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error).toBe('The program\'s website is not set. An admin sets it on the Program Settings page before a rejected proof can be e-mailed to the tenant.');
    } finally {
      await dynamo().send(new PutCommand({ TableName: tableName(), Item: saved }));
    }
    expect(await getProof(row.id)).toMatchObject({ review: 'waiting' });
    expect(await getTenant(tenants[0]!.id)).toMatchObject({ status: 'provide_proof', tenant_made_selection: true });
  });

  it('unknown proofs are 404 on every call', async () => {
    const id = randomUUID();
    for (const [method, path] of [['GET', 'document'], ['POST', 'accept'], ['POST', 'reject']] as const) {
      const res = await call(method, `/api/proof-reviews/${id}/${path}`, { token: monitor, json: method === 'POST' ? { reason: 'No.' } : undefined });
      expect(res.status, res.text).toBe(404);
    }
  });

  it('managers may not review proofs', async () => {
    const { tenants } = await proofFacility(1);
    const row = await uploadThroughPortal(tenants[0]!);
    const calls = [
      call('GET', '/api/proof-reviews', { token: manager }),
      call('GET', '/api/proof-reviews/count', { token: manager }),
      call('GET', `/api/proof-reviews/${row.id}/document`, { token: manager }),
      call('POST', `/api/proof-reviews/${row.id}/accept`, { token: manager }),
      call('POST', `/api/proof-reviews/${row.id}/reject`, { token: manager, json: { reason: 'No.' } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status, res.text).toBe(403);
    expect(await getProof(row.id)).toMatchObject({ review: 'waiting' });
  });

  it('a proof the tenant replaced with another answer cannot be decided', async () => {
    const { tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const first = await uploadThroughPortal(t, undefined, 'First Insurer');
    const count = await waiting();
    await uploadThroughPortal(t, undefined, 'Second Insurer');
    expect(await waiting()).toBe(count);
    const res = await call('POST', `/api/proof-reviews/${first.id}/accept`, { token: monitor });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toMatch(/answered again/);
  });

  it('a proof whose tenant left the program (archived, removed) is withdrawn: off the list and the count, and refused', async () => {
    const { tenants } = await proofFacility(1);
    const t = tenants[0]!;
    const row = await uploadThroughPortal(t);
    const count = await waiting();
    await deleteTenants([(await getTenant(t.id))!], TEST_WRITE);
    expect(await getProof(row.id)).toMatchObject({ review: 'withdrawn' });
    expect(await waiting()).toBe(count - 1);
    expect((await list({ facility_number: t.facility_number })).data.map((r) => r.id)).not.toContain(row.id);
    for (const path of ['accept', 'reject']) {
      const res = await call('POST', `/api/proof-reviews/${row.id}/${path}`, { token: monitor, json: { reason: 'No.' } });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error).toMatch(/no longer waits for review/);
    }
    expect(await waiting()).toBe(count - 1);
  });

  it('staff giving the tenant another status withdraw its waiting proof; an edit that keeps it waiting does not', async () => {
    const { tenants } = await proofFacility(2);
    const [kept, moved] = [tenants[0]!, tenants[1]!];
    const keptRow = await uploadThroughPortal(kept);
    const movedRow = await uploadThroughPortal(moved);
    const count = await waiting();
    // A note leaves the answer as it is: the proof still waits.
    const noted = await call('POST', `/api/tenants/${kept.id}`, { token: monitor, json: { updated_at: (await getTenant(kept.id))!.updated_at, note: 'Called about the proof.' } });
    expect(noted.status, noted.text).toBe(200);
    expect(await getProof(keptRow.id)).toMatchObject({ review: 'waiting' });
    // Staff mark the other tenant moved out: its proof can no longer be decided, so it leaves the list.
    const status = await call('POST', `/api/tenants/${moved.id}/status`, { token: monitor, json: { status: 'moved_out' } });
    expect(status.status, status.text).toBe(200);
    expect(await getProof(movedRow.id)).toMatchObject({ review: 'withdrawn', decided_by: { username: monitorName } });
    expect((await getTenant(moved.id))!.waiting_proof_id).toBeNull();
    expect(await waiting()).toBe(count - 1);
    const listed = (await list({ facility_number: kept.facility_number })).data.map((r) => r.id);
    expect(listed).toContain(keptRow.id);
    expect(listed).not.toContain(movedRow.id);
    // The other proof is still decided as usual.
    const accepted = await call('POST', `/api/proof-reviews/${keptRow.id}/accept`, { token: monitor });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await getTenant(kept.id))!.waiting_proof_id).toBeNull();
    expect(await waiting()).toBe(count - 2);
  });
});
