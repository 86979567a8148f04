/**
 * Reading proofs (issue 27) through the real path: tenants send declarations pages on the portal, S3
 * tells the proof-reading queue of each kept copy (the uploads bucket's notification, deployed from the
 * CDK data stack), the runtime's poller runs the worker, and Proof Review's detail call shows the facts
 * and every integrity flag with its reason; accepting takes the facts as confirmed. The pages are the
 * reader's own test documents (tests/fixtures/declarations), each with the truth it prints.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programDay } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { sendProofOnPortal } from './portal-proof';
import type { PortalProof } from './portal-proof';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { proofKey } from '../../functions/proofs/proof-record';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { getTenant } from '../../functions/tenants/tenant-store';
import { allstateRenters, pinecrestMutualExcludesStorage, stateFarmRenters } from '../fixtures/declarations/insurer-pages';
import { editFirstPage } from '../fixtures/declarations/edited-pdf';
import { renderPdf } from '../fixtures/declarations/render-pdf';
import { renters } from '../fixtures/declarations/chosen-facts';
import type { ProofReviewDetail, ProofReviewRow } from '../../shared/contracts/proof-reviews';
import type { ProofFlagCode } from '../../shared/proof-reading';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';

let monitor = '';

const MAKER = { title: 'Declarations', creator: 'Guidewire PolicyCenter 10.2', producer: 'iText 7.2.5', made: new Date('2026-02-10T15:04:05Z') };
const pdfOf = async (printed: { pages: Parameters<typeof renderPdf>[0] }) => renderPdf(printed.pages, MAKER);

/** Tenants of a facility of their own, named as the pages name them or not. */
async function tenantsNamed(names: [string, string][]): Promise<TenantRecord[]> {
  const facility = await facilityWith(stem());
  const { tenants } = await cycleWithTenants(facility, names.map(([first, last], i) => tenant(i + 1, null, { first_name: first, last_name: last, email: `read-${randomUUID().slice(0, 8)}@tenant.example` })));
  return tenants;
}

async function proofRowOf(t: TenantRecord): Promise<ProofReviewRow> {
  const res = await call('GET', '/api/proof-reviews', { token: monitor, query: { facility_number: t.facility_number } });
  expect(res.status, res.text).toBe(200);
  const row = (res.body as { data: ProofReviewRow[] }).data.find((r) => r.tenant_id === t.id);
  expect(row, `the waiting proof of ${t.id}`).toBeTruthy();
  return row!;
}

/** The proof's detail once the worker has read it (the poller takes S3's notice within a second or two). */
async function readProof(t: TenantRecord): Promise<ProofReviewDetail> {
  const { id } = await proofRowOf(t);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await call('GET', `/api/proof-reviews/${id}`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    const detail = res.body as ProofReviewDetail;
    if (detail.reading) return detail;
    if (Date.now() > deadline) throw new Error(`proof ${id} was not read within 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** M/DD/YYYY, as the flags' reasons write a day. */
const shown = (day: string) => `${Number(day.slice(5, 7))}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const codes = (d: ProofReviewDetail): ProofFlagCode[] => d.reading!.flags.map((f) => f.code);
const reasonOf = (d: ProofReviewDetail, code: ProofFlagCode) => d.reading!.flags.find((f) => f.code === code)?.reason;

async function send(t: TenantRecord, bytes: Uint8Array, typed: Partial<PortalProof> = {}): Promise<ProofReviewDetail> {
  await sendProofOnPortal(t, { bytes, type: 'application/pdf', insurer: 'State Farm', policy_expiry_date: '2027-03-15', ...typed });
  return readProof(t);
}

beforeAll(async () => {
  monitor = await tokenFor((await makeUser({ is_monitor: true })).username);
});

describe('a declarations page is read off the portal path and shown with its flags', () => {
  it('a page that agrees with the tenant and what was typed: its facts, no flags, and the list says so', async () => {
    const [maria] = await tenantsNamed([['Maria', 'Gonzalez']]);
    const detail = await send(maria!, await pdfOf(stateFarmRenters()));
    expect(detail.reading).toMatchObject({
      status: 'read', source: 'pdf-text', pages: 1,
      facts: {
        insurer: { value: 'State Farm' }, policy_number: { value: '83-BQ-7712-4' }, named_insured: { value: 'Maria L. Gonzalez' },
        period_start: { value: '2026-03-15' }, period_end: { value: '2027-03-15' }, off_premises: { value: true }, off_premises_limit: { value: 3000 },
      },
    });
    expect(codes(detail)).toEqual([]);
    expect(detail.tenant).toMatchObject({ first_name: 'Maria', last_name: 'Gonzalez' });
    expect((await proofRowOf(maria!)).flags).toEqual([]);
  });

  it('flags a named insured who is not the tenant, and a typed expiry and insurer the page contradicts', async () => {
    const [tenantRow] = await tenantsNamed([['Dana', 'Whitfield']]);
    // Allstate's page: Jordan T. Whitaker, ends 2027-04-01, $2,500 away from home (the demo's minimum is $1,000: under a $3,000 one).
    const detail = await send(tenantRow!, await pdfOf(allstateRenters()), { insurer: 'Geico', policy_expiry_date: '2027-05-01' });
    expect(codes(detail)).toEqual(['name_mismatch', 'typed_expiry_differs', 'typed_insurer_differs']);
    expect(reasonOf(detail, 'name_mismatch')).toBe('The page names "Jordan T. Whitaker" as the insured; the tenant is Dana Whitfield.');
    expect(reasonOf(detail, 'typed_expiry_differs')).toBe('The tenant typed 5/01/2027 as the expiry; the page says 4/01/2027.');
    expect(reasonOf(detail, 'typed_insurer_differs')).toBe('The tenant typed "Geico" as the insurer; the page names Allstate.');
    expect(Number(DEMO_PROGRAM_SETTINGS.minimum_off_premises_limit)).toBeLessThan(2500);
  });

  it('flags a limit away from home under the program\'s minimum (Program Settings)', async () => {
    const [ana] = await tenantsNamed([['Ana', 'Lopez']]);
    const minimum = Number(DEMO_PROGRAM_SETTINGS.minimum_off_premises_limit);
    const detail = await send(ana!, await pdfOf(renters({ insured: 'Ana Lopez', policy: `RP-${randomInt(1_000_000, 9_999_999)}`, end: programDay(200), limit: minimum / 2 })), { policy_expiry_date: programDay(200) });
    expect(codes(detail)).toEqual(['limit_below_minimum']);
    expect(reasonOf(detail, 'limit_below_minimum')).toBe(`The limit for property away from home is $${(minimum / 2).toLocaleString('en-US')}, below the program's minimum of $${minimum.toLocaleString('en-US')}.`);
  });

  it('flags a page that excludes property away from home, and one that is edited after it was made', async () => {
    const [a, b] = await tenantsNamed([['Evelyn', 'Park'], ['Maria', 'Gonzalez']]);
    const excludes = await send(a!, await pdfOf(pinecrestMutualExcludesStorage()), { insurer: 'Pinecrest Mutual' });
    expect(codes(excludes)).toContain('no_off_premises');
    expect(reasonOf(excludes, 'no_off_premises')).toMatch(/is not covered\.$/);

    const edited = await editFirstPage(await pdfOf(stateFarmRenters()), {
      from: 'Policy Period: 03/15/2026 to 03/15/2027', to: 'Policy Period: 03/15/2026 to 09/15/2027', producer: 'Sejda PDF Desktop 7.6.4', saved: new Date('2026-04-02T18:30:00Z'),
    });
    const detail = await send(b!, edited, { policy_expiry_date: '2027-09-15' });
    // (Its policy number is the State Farm page's of the first test too: same_policy_number as well.)
    expect(codes(detail)).toContain('pdf_edited');
    expect(codes(detail)).not.toContain('typed_expiry_differs');
    expect(reasonOf(detail, 'pdf_edited')).toMatch(/^The PDF was changed after it was made: /);
  });

  it('flags a policy ending within 30 days of the upload, and one ending before the coverage requirement starts', async () => {
    const facility = await facilityWith(stem(), { letter_effective_date: programDay(60) });
    const { tenants: [later, early] } = await cycleWithTenants(facility, [
      tenant(1, null, { first_name: 'Ana', last_name: 'Lopez' }), tenant(2, null, { first_name: 'Ana', last_name: 'Lopez' }),
    ]);
    // Ends in 20 days: after today's upload by less than 30, and before the letter's coverage date in 60.
    const early20 = await send(early!, await pdfOf(renters({ insured: 'Ana Lopez', policy: `RP-${randomInt(1_000_000, 9_999_999)}`, end: programDay(20) })), { policy_expiry_date: programDay(20) });
    expect(codes(early20)).toEqual(['ends_before_coverage']);
    expect(reasonOf(early20, 'ends_before_coverage')).toBe(`The policy ends on ${shown(programDay(20))}, before the facility's coverage requirement starts on ${shown(programDay(60))}.`);
    expect(codes(await send(later!, await pdfOf(renters({ insured: 'Ana Lopez', policy: `RP-${randomInt(1_000_000, 9_999_999)}`, end: programDay(80) })), { policy_expiry_date: programDay(80) }))).toEqual([]);
    // Where coverage starts today (no letter date ahead), the same 20 days only end soon.
    const [today] = await tenantsNamed([['Ana', 'Lopez']]);
    const soon = await send(today!, await pdfOf(renters({ insured: 'Ana Lopez', policy: `RP-${randomInt(1_000_000, 9_999_999)}`, end: programDay(20) })), { policy_expiry_date: programDay(20) });
    expect(codes(soon)).toEqual(['ends_soon']);
    expect(reasonOf(soon, 'ends_soon')).toBe(`The policy ends on ${shown(programDay(20))}, within 30 days of the upload (${shown(programDay(0))}).`);
  });

  it("names another tenant's proof with the same policy number or the same file, as those proofs stand now", async () => {
    const [first, second, third] = await tenantsNamed([['Ana', 'Lopez'], ['Ana', 'Lopez'], ['Ana', 'Lopez']]);
    // A policy number has three digits or more, or the reader does not take it for one.
    const policy = `RP-${randomInt(1_000_000, 9_999_999)}`;
    const page = await pdfOf(renters({ insured: 'Ana Lopez', policy, end: programDay(200) }));
    const firstRead = await send(first!, page, { policy_expiry_date: programDay(200) });
    expect(codes(firstRead)).toEqual([]);
    // The same bytes from another tenant: the same file and so the same policy number.
    const copy = await send(second!, page, { policy_expiry_date: programDay(200) });
    expect(codes(copy)).toEqual(['same_policy_number', 'same_file']);
    const named = `Ana Lopez (facility ${first!.facility_number}, unit ${first!.unit}, waiting)`;
    expect(reasonOf(copy, 'same_file')).toBe(`The same file (byte for byte) was uploaded as the proof of ${named}.`);
    expect(copy.reading!.flags[0]!.others).toEqual([expect.objectContaining({ tenant_id: first!.id, review: 'waiting' })]);
    // Another file with the policy number printed differently: the policy number only.
    const other = await send(third!, await pdfOf(renters({ insured: 'Ana Lopez', policy: policy.replace('-', ' '), end: programDay(200), limit: 4000 })), { policy_expiry_date: programDay(200) });
    expect(codes(other)).toEqual(['same_policy_number']);
    expect(other.reading!.flags[0]!.others!.map((o) => o.tenant_id).sort()).toEqual([first!.id, second!.id].sort());
    // The first proof, opened now, names the two that came after it.
    const firstNow = (await call('GET', `/api/proof-reviews/${firstRead.id}`, { token: monitor })).body as ProofReviewDetail;
    expect(codes(firstNow)).toEqual(['same_policy_number', 'same_file']);
    // Rejected, the second no longer vouches: the third names only the first.
    const rejected = await call('POST', `/api/proof-reviews/${copy.id}/reject`, { token: monitor, json: { reason: 'A copy of another tenant\'s page.' } });
    expect(rejected.status, rejected.text).toBe(200);
    const otherNow = (await call('GET', `/api/proof-reviews/${other.id}`, { token: monitor })).body as ProofReviewDetail;
    expect(otherNow.reading!.flags.find((f) => f.code === 'same_policy_number')!.others!.map((o) => o.tenant_id)).toEqual([first!.id]);
  });
});

describe('accepting with the facts as confirmed', () => {
  it('stores the facts staff accepted, refuses an expiry in the past, and leaves a decided proof alone', async () => {
    const [t] = await tenantsNamed([['Maria', 'Gonzalez']]);
    const detail = await send(t!, await pdfOf(stateFarmRenters()), { policy_expiry_date: '2027-03-01' });
    const refused = await call('POST', `/api/proof-reviews/${detail.id}/accept`, { token: monitor, json: { policy_expiry_date: programDay(-1) } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body).toMatchObject({ field: 'policy_expiry_date' });
    expect((await getTenant(t!.id))!.provided_proof_date).toBeNull();
    const bad = await call('POST', `/api/proof-reviews/${detail.id}/accept`, { token: monitor, json: { policy_expiry_date: '2027-02-30' } });
    expect(bad.status, bad.text).toBe(422);

    const accepted = await call('POST', `/api/proof-reviews/${detail.id}/accept`, { token: monitor, json: { policy_expiry_date: '2027-03-15', insurer: 'State Farm', policy_number: '83-BQ-7712-4' } });
    expect(accepted.status, accepted.text).toBe(200);
    const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: proofKey(detail.id), ConsistentRead: true }))).Item!;
    expect(item).toMatchObject({ review: 'accepted', accepted_facts: { policy_expiry_date: '2027-03-15', insurer: 'State Farm', policy_number: '83-BQ-7712-4' } });
    expect((await getTenant(t!.id))!.status).toBe('provide_proof');
  });

  it('a manager may not read a proof, and an unknown proof is a 404', async () => {
    const { token: manager } = await makeManagerWithFacility();
    expect((await call('GET', `/api/proof-reviews/${randomUUID()}`, { token: manager })).status).toBe(403);
    expect((await call('GET', `/api/proof-reviews/${randomUUID()}`, { token: monitor })).status).toBe(404);
  });
});
