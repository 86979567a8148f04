/**
 * One tenant's whole story (issue 24) through the real path: GET /api/tenants/{id}/story answers the
 * record with its access code, every letter a batch sent it (the batch, its date, the PDF and the
 * tenant's own page in it, read back from the PDF), the proof it uploaded on the portal with its review,
 * and its history; a letter sent before batches recorded their tenants shows with its date alone. Staff
 * only: a manager, of the tenant's facility or another, is refused. GET /api/tenants/search finds a
 * tenant by access code (as printed or typed), insur ledger id, unit and name.
 */
import { sendProofOnPortal } from './portal-proof';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { waitForExportJob } from './export-jobs';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';
import type { TenantSearchHit, TenantStory } from '../../shared/contracts/tenant-story';
import { PROOF_REJECTION_REASONS } from '../../shared/proof-rejection';
import { pageText, readPdf } from '../unit/letters/pdf-reader';

let monitor = '';
let otherManager = '';

const AUDIT_DATE = '2026-12-01';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  const [m, g] = await Promise.all([makeUser({ is_monitor: true }), makeManagerWithFacility()]);
  monitor = await tokenFor(m);
  otherManager = g.token;
});

async function story(id: string, token = monitor): Promise<TenantStory> {
  const res = await call('GET', `/api/tenants/${id}/story`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as TenantStory;
}

/** A facility of its own (letters can be true: a Letter Effective Date after them) with its manager and a cycle of tenants. */
async function storyFacility() {
  const facility = await facilityWith(stem(), { letter_effective_date: '2027-01-15', state: 'TX' });
  const manager = await tokenFor(await makeUser({ facility_id: facility.id }));
  const unique = randomUUID().slice(0, 8);
  const { cycle, tenants } = await cycleWithTenants(facility, [
    tenant(1, null, { first_name: 'Ada', last_name: `Story${unique}`, email: '', unit: `A-${unique}`, insur_ledger_id: `IL-${unique}` }),
    tenant(2, null, { first_name: 'Bo', last_name: `Story${unique}`, email: `bo-${unique}@tenant.example` }),
    tenant(3, null, { first_name: 'Rae', last_name: `Older${unique}`, email: '', initial_letter_sent_date: '2026-10-01' }),
  ]);
  const t = Object.fromEntries(tenants.map((x) => [x.first_name, x])) as Record<'Ada' | 'Bo' | 'Rae', TenantRecord>;
  return { facility, manager, cycle, t, unique };
}

/** An audit letter batch for these tenants, through the generate call and the worker; answers the job's result. */
async function auditLetters(facilityId: string, cycleId: string, ids: readonly string[]): Promise<{ file_name: string }> {
  const res = await call('GET', `/api/facilities/${facilityId}/generate-letters`, {
    token: monitor, query: { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: ids.join(',') },
  });
  expect(res.status, res.text).toBe(200);
  const job = await waitForExportJob((res.body as { job_id: string }).job_id, monitor, 30_000) as unknown as { status: string; error: string | null; result: { file_name: string } };
  expect(job.error).toBeNull();
  return job.result;
}

/** What a tenant does on the portal: sign in, a presigned POST of the file, submit it. */
async function proofThroughPortal(t: TenantRecord, insurer: string): Promise<void> {
  await sendProofOnPortal(t, { bytes: PDF, type: 'application/pdf', insurer: insurer, policy_expiry_date: '2099-06-30' });
}

describe('GET /api/tenants/{id}/story', () => {
  it('answers staff the record with its access code, each letter with its batch and page of the PDF, the portal proof with its review, and the history', async () => {
    const { facility, cycle, t } = await storyFacility();
    const { file_name: fileName } = await auditLetters(facility.id, cycle.id, [t.Ada.id, t.Bo.id]);
    await proofThroughPortal(t.Bo, 'Harbor Mutual');
    const proofId = (await story(t.Bo.id)).proofs[0]!.id;
    const accepted = await call('POST', `/api/proof-reviews/${proofId}/accept`, { token: monitor });
    expect(accepted.status, accepted.text).toBe(200);

    const bo = await story(t.Bo.id);
    expect(bo.tenant).toMatchObject({ id: t.Bo.id, first_name: 'Bo', access_code: t.Bo.access_code, status: 'provide_proof', initial_letter_sent_date: AUDIT_DATE });
    expect(bo.facility).toEqual({ id: facility.id, facility_number: facility.facility_number, account_name: facility.account_name, state: 'TX' });
    expect(bo.cycle).toMatchObject({ id: cycle.id, label: cycle.label, archived_at: null });
    expect(bo.letters).toHaveLength(1);
    const letter = bo.letters[0]!;
    expect(letter).toMatchObject({
      letter_type: 'initial', delivery: 'mail', letter_date: AUDIT_DATE, file_name: fileName, scope: facility.facility_number,
    });
    expect(letter.batch_id).toContain(facility.id);
    // The page the story names is Bo's letter in the batch's PDF, opened in the browser (inline), not saved.
    const link = await call('GET', `/api/facilities/download-letters/${encodeURIComponent(fileName)}`, { token: monitor, query: { view: 'true' } });
    expect(link.status, link.text).toBe(200);
    const file = await fetch((link.body as { url: string }).url);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; /);
    const pages = (await readPdf(new Uint8Array(await file.arrayBuffer()))).pages;
    expect(pageText(pages[letter.page! - 1]!)).toContain('Dear Bo');
    const ada = await story(t.Ada.id);
    expect(ada.letters[0]!.page).not.toBe(letter.page);
    expect(pageText(pages[ada.letters[0]!.page! - 1]!)).toContain('Dear Ada');

    expect(bo.proofs).toEqual([expect.objectContaining({
      id: proofId, insurer: 'Harbor Mutual', policy_expiry_date: '2099-06-30', content_type: 'application/pdf', review: 'accepted', reject_reason: null,
    })]);
    expect(bo.proofs[0]!.decided_by).toBeTruthy();
    // Newest first: the review, the portal answer, the letter, the creation.
    expect(bo.history.map((e) => e.action)).toEqual(['proof_accepted', 'respond_proof', 'initial_letter_generated', 'test']);
    expect(bo.history[2]!.changes).toContainEqual({ field: 'initial_letter_sent_date', from: null, to: AUDIT_DATE });
  });

  it('shows a rejected proof with the reason staff gave: the common reason in English and their own words', async () => {
    const { t } = await storyFacility();
    await proofThroughPortal(t.Ada, 'Old Policy Mutual');
    const proofId = (await story(t.Ada.id)).proofs[0]!.id;
    const rejected = await call('POST', `/api/proof-reviews/${proofId}/reject`, { token: monitor, json: { reason_code: 'expired', reason: 'It ended in May.' } });
    expect(rejected.status, rejected.text).toBe(200);
    const ada = await story(t.Ada.id);
    expect(ada.proofs[0]).toMatchObject({ id: proofId, review: 'rejected', reject_reason: `${PROOF_REJECTION_REASONS.expired} It ended in May.` });
    expect(ada.tenant.status).toBeNull();
    expect(ada.history.map((e) => e.action).slice(0, 2)).toEqual(['proof_rejected', 'respond_proof']);
  });

  it('shows a letter sent before batches recorded their tenants by its type and date, with no batch', async () => {
    const { t } = await storyFacility();
    expect((await story(t.Rae.id)).letters).toEqual([{
      batch_id: null, letter_type: 'initial', delivery: 'mail', letter_date: '2026-10-01', save_time: null, file_name: null, page: null, scope: null, created_by: null,
    }]);
  });

  it('is staff\'s only: the tenant\'s own manager and another facility\'s are refused, an unknown tenant is 404', async () => {
    const { manager, t } = await storyFacility();
    for (const token of [manager, otherManager]) {
      const res = await call('GET', `/api/tenants/${t.Ada.id}/story`, { token });
      expect(res.status, res.text).toBe(403);
      expect(res.text).not.toContain(t.Ada.access_code);
    }
    const unknown = await call('GET', `/api/tenants/${randomUUID()}/story`, { token: monitor });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'Tenant not found.' });
  });
});

describe('GET /api/tenants/search', () => {
  async function search(q: string, token = monitor): Promise<{ data: TenantSearchHit[]; more: boolean }> {
    const res = await call('GET', '/api/tenants/search', { token, query: { q } });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: TenantSearchHit[]; more: boolean };
  }

  it('finds a tenant by its access code as printed or typed, its insur ledger id, its unit and its name', async () => {
    const { facility, cycle, t, unique } = await storyFacility();
    const code = formatAccessCode(t.Ada.access_code);
    for (const typed of [code, code.toLowerCase().replace('-', ' ')]) {
      expect((await search(typed)).data).toEqual([{
        id: t.Ada.id, first_name: 'Ada', last_name: `Story${unique}`, unit: `A-${unique}`, facility_number: facility.facility_number,
        cycle_label: cycle.label, matched: 'access_code',
      }]);
    }
    expect((await search(`il-${unique}`)).data.map((h) => [h.id, h.matched])).toEqual([[t.Ada.id, 'insur_ledger_id']]);
    expect((await search(`A-${unique}`)).data.map((h) => [h.id, h.matched])).toEqual([[t.Ada.id, 'unit']]);
    const byName = await search(`story${unique}`);
    expect(byName.data.map((h) => h.first_name).sort()).toEqual(['Ada', 'Bo']);
    expect(byName.data.every((h) => h.matched === 'name')).toBe(true);
    expect(byName.more).toBe(false);
  });

  it('finds every tenant with an e-mail address, typed in any case, and follows an edited address', async () => {
    const { t, unique } = await storyFacility();
    const found = await search(`  ${t.Bo.email.toUpperCase()} `);
    expect(found.data.map((h) => [h.id, h.first_name, h.matched])).toEqual([[t.Bo.id, 'Bo', 'email']]);
    // Ada takes Bo's address too (a family sharing one): both are found, by name.
    const bo = (await call('GET', `/api/tenants/${t.Bo.id}/story`, { token: monitor })).body as { tenant: { updated_at: string } };
    const ada = (await call('GET', `/api/tenants/${t.Ada.id}/story`, { token: monitor })).body as { tenant: { updated_at: string } };
    const shared = await call('POST', `/api/tenants/${t.Ada.id}`, { token: monitor, form: { updated_at: ada.tenant.updated_at, email: t.Bo.email } });
    expect(shared.status, shared.text).toBe(200);
    expect((await search(t.Bo.email)).data.map((h) => h.first_name).sort()).toEqual(['Ada', 'Bo']);
    // Bo's new address finds Bo; the old one no longer does.
    const moved = await call('POST', `/api/tenants/${t.Bo.id}`, { token: monitor, form: { updated_at: bo.tenant.updated_at, email: `bo-new-${unique}@tenant.example` } });
    expect(moved.status, moved.text).toBe(200);
    expect((await search(`bo-new-${unique}@tenant.example`)).data.map((h) => h.id)).toEqual([t.Bo.id]);
    expect((await search(t.Bo.email)).data.map((h) => h.id)).toEqual([t.Ada.id]);
    expect((await search(`nobody-${unique}@tenant.example`)).data).toEqual([]);
  });

  it('finds nothing for an unknown code, and refuses an empty search', async () => {
    const { t } = await storyFacility();
    expect((await search('ZZZZ-ZZZZ')).data).toEqual([]);
    const empty = await call('GET', '/api/tenants/search', { token: monitor, query: { q: '  ' } });
    expect(empty.status).toBe(422);
    const manager = await call('GET', '/api/tenants/search', { token: otherManager, query: { q: t.Ada.unit } });
    expect(manager.status).toBe(403);
  });
});
