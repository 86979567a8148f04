/**
 * Letters through the real path: the Send Letters table and counts, the generate calls (checked, then a
 * job on the letter-generation queue that the local runtime's poller hands to the worker), the letter
 * PDF and mail-merge workbook in the exports bucket (downloaded through presigned links, read back with
 * pdf-lib and exceljs), the tenants marked, the batch listed, welcome certificates through the emulator's
 * SES (read at /_aws/ses, as on LocalStack), and the batch's all-or-none marking when a delivery is
 * repeated or DynamoDB fails half way (the worker run in this process, its DynamoDB client made to fail).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, programToday, sesMessagesTo } from './helpers';
import { makeManagerWithFacility, makeUser, tokenFor, TEST_WRITE } from './fixtures';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { waitForExportJob } from './export-jobs';
import { createJobRecordOnly } from './job-fixture';
import { bouncePermanently } from './ses-notifications';
import * as emailSuppression from '../../functions/email/email-suppression';
import { deadLettersOf, moveToDeadLetters } from './failed-job-fixture';
import { dynamo } from '../../functions/aws/clients';
import { getJob, updateJob } from '../../functions/jobs/job-store';
import { getTenant, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { handler as letterWorker } from '../../functions/workers/letter-generation';
import { LETTER_JOB_TYPES } from '../../functions/letters/letter-job-type';
import type { LetterBatchInput } from '../../functions/letters/letter-job-type';
import { letterFileStem } from '../../functions/letters/letter-files';
import { claimTenants } from '../../functions/letters/letter-claims';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { formatAccessCode, portalUrl, portalUrlWithCode } from '../../shared/access-code';
import { JOB_QUEUES } from '../../shared/jobs';
import { qrModules } from '../../functions/letters/letter-qr';
import { drawnQr, pageText, readPdf } from '../unit/letters/pdf-reader';
import { longDate, slashDate } from '../../functions/letters/letter-text';

/** '01/15/2027' (a mail-merge date) -> '2027-01-15'. */
const isoOf = (slash: string) => { const [m, d, y] = slash.split('/'); return `${y}-${m}-${d}`; };

let monitor = '';
let monitorId = '';
let manager = '';

const AUDIT_DATE = '2026-12-01';
const REMINDER_DATE = '2026-12-20';
/** When the plan is added to the rent of tenants who do not answer: after both letters, as the letters require. */
const LETTER_EFFECTIVE_DATE = '2027-01-15';

/** A facility of its own whose letters can be true (a Letter Effective Date after the letters). */
const letterFacility = (fields: Parameters<typeof facilityWith>[1] = {}) => facilityWith(stem(), { letter_effective_date: LETTER_EFFECTIVE_DATE, ...fields });

interface LetterJob { status: string; error: string | null; result: Record<string, unknown> | null }

async function generated(path: string, query: Record<string, string>): Promise<{ job: LetterJob; answer: { job_id: string; tenant_count: number } }> {
  const res = await call('GET', path, { token: monitor, query });
  expect(res.status, res.text).toBe(200);
  const answer = res.body as { job_id: string; tenant_count: number };
  const job = await waitForExportJob(answer.job_id, monitor, 30_000) as unknown as LetterJob;
  expect(job.error).toBeNull();
  expect(job.status).toBe('done');
  return { job, answer };
}

async function download(fileName: string, outputName?: string): Promise<{ bytes: Uint8Array; filename: string; contentType: string | null }> {
  const res = await call('GET', `/api/facilities/download-letters/${encodeURIComponent(fileName)}`, { token: monitor, query: outputName ? { output_name: outputName } : {} });
  expect(res.status, res.text).toBe(200);
  const link = res.body as { url: string; filename: string };
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: link.filename, contentType: file.headers.get('content-type') };
}


/** A facility in its own state-free corner: a cycle with one tenant of each mailing kind. */
async function mailingFacility(state = 'TX'): Promise<{ facility: FacilityRecord; cycleId: string; t: Record<string, TenantRecord> }> {
  const facility = await letterFacility({ state, software: 'storedge' });
  const { cycle, tenants } = await cycleWithTenants(facility, [
    tenant(1, null, { first_name: 'Ada', last_name: 'Audit', email: '' }),
    tenant(2, null, { first_name: 'Rae', last_name: 'Remind', email: '', initial_letter_sent_date: '2026-10-01' }),
    tenant(3, 'cov-2000-12', { first_name: 'Wes', last_name: 'Welcome', email: '', coverage_id: 'cov-2000-12', insurance_effective_date: '2027-01-15' }),
    tenant(4, 'cov-2000-12', { first_name: 'Ema', last_name: 'Mailer', email: `ema-${randomUUID().slice(0, 8)}@tenant.example`, coverage_id: 'cov-2000-12', insurance_effective_date: '2027-01-15' }),
    tenant(5, null, { first_name: 'Ian', last_name: 'Incomplete', address: '', email: '' }),
    tenant(6, 'moved_out', { first_name: 'Mo', last_name: 'Moved', email: '' }),
  ]);
  const byName = Object.fromEntries(tenants.map((x) => [x.first_name, x]));
  return { facility, cycleId: cycle.id, t: byName };
}

beforeAll(async () => {
  const [m, g] = await Promise.all([makeUser({ is_monitor: true }), makeManagerWithFacility()]);
  monitorId = m.id;
  monitor = await tokenFor(m);
  manager = g.token;
});

describe('the Send Letters table and its counts', () => {
  it('counts and lists each mailing filter; incomplete addresses are hidden and counted', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const counts = await call('GET', `/api/facilities/${facility.id}/tenant-mailing-counts`, { token: monitor, query: { cycle_id: cycleId } });
    expect(counts.status, counts.text).toBe(200);
    expect(Object.fromEntries((counts.body as { key: string; count: number }[]).map((c) => [c.key, c.count]))).toEqual({
      all: 5, initial_letter_ready: 1, reminder_letter_ready: 1, welcome_letter_ready: 2, welcome_letter_skipped: 1, tagged_for_removal: 0,
    });
    const names = async (filter: string) => {
      const res = await call('GET', `/api/facilities/${facility.id}/tenants-mailing`, { token: monitor, query: { filter, cycle_id: cycleId } });
      expect(res.status, res.text).toBe(200);
      const body = res.body as { data: { first_name: string }[]; info: { incomplete_address: number; tagged_for_removal: number }; pagination: { total: number } };
      expect(body.info).toEqual({ incomplete_address: 1, tagged_for_removal: 0 });
      expect(body.pagination.total).toBe(body.data.length);
      return body.data.map((r) => r.first_name).sort();
    };
    expect(await names('all')).toEqual(['Ada', 'Ema', 'Mo', 'Rae', 'Wes']);
    expect(await names('initial_letter_ready')).toEqual(['Ada']);
    expect(await names('reminder_letter_ready')).toEqual(['Rae']);
    expect(await names('welcome_letter_ready')).toEqual(['Ema', 'Wes']);
    // The facility's view (no cycle) is the same here: one cycle.
    const whole = await call('GET', `/api/facilities/${facility.id}/tenants-mailing`, { token: monitor });
    expect((whole.body as { pagination: { total: number } }).pagination.total).toBe(5);
    expect(t.Ian).toBeDefined();
  });

  it('state mode lists the state\'s facilities and their tenants with the facility number', async () => {
    const a = await mailingFacility('VT');
    const b = await mailingFacility('VT');
    const facilities = await call('GET', '/api/facilities/state/vt', { token: monitor });
    expect(facilities.status, facilities.text).toBe(200);
    const numbers = (facilities.body as { facility_number: string }[]).map((f) => f.facility_number);
    expect(numbers).toEqual(expect.arrayContaining([a.facility.facility_number, b.facility.facility_number]));
    const list = await call('GET', '/api/facilities/state/VT/tenants-mailing', { token: monitor, query: { filter: 'initial_letter_ready' } });
    expect(list.status, list.text).toBe(200);
    const rows = (list.body as { data: { facility_number: string; first_name: string }[] }).data;
    expect(rows.filter((r) => [a.facility.facility_number, b.facility.facility_number].includes(r.facility_number)).map((r) => r.first_name)).toEqual(['Ada', 'Ada']);
    const counts = await call('GET', '/api/facilities/state/VT/tenant-mailing-counts', { token: monitor });
    expect((counts.body as { key: string; count: number }[]).find((c) => c.key === 'initial_letter_ready')!.count).toBeGreaterThanOrEqual(2);
  });
});

describe('generating letters', () => {
  it('an audit letter batch: PDF and mail merge in the bucket, tenants marked with history, batch listed', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    // Rae was sent an audit letter before: mailing her again takes `resend` (staff answered the page's question).
    const { job, answer } = await generated(`/api/facilities/${facility.id}/generate-letters`, {
      letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: [t.Ada!.id, t.Rae!.id].join(','), resend: 'true',
    });
    expect(answer.tenant_count).toBe(2);
    const result = job.result as { file_name: string; mail_merge_file_name: string; letter_type: string; tenant_count: number; letter_count: number };
    expect(result).toMatchObject({ letter_type: 'initial', tenant_count: 2, letter_count: 2 });
    expect(result.file_name).toMatch(new RegExp(`^${facility.facility_number}-initial-${AUDIT_DATE}-[0-9a-f]{12}\\.pdf$`));

    const pdf = await download(result.file_name, 'Audit letters.pdf');
    expect(pdf.filename).toBe('Audit letters.pdf');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(2);
    expect(pdf.bytes.length / 2).toBeLessThan(25_000);
    // Each letter sends its tenant to the portal (the website setting's) with the tenant's own code: printed, and in the QR code.
    const read = await readPdf(pdf.bytes);
    const portal = portalUrl(DEMO_PROGRAM_SETTINGS.website);
    for (const [i, page] of read.pages.entries()) {
      const text = pageText(page);
      const tenantOf = [t.Ada!, t.Rae!].find((x) => text.includes(`Dear ${x.first_name}`))!;
      const code = formatAccessCode(tenantOf.access_code);
      expect(text).toContain(`Respond online at ${portal} with your access code ${code}`);
      expect(text).toContain(`Access code ${code}`);
      expect(text).toContain(`En espa\u00f1ol: ${portal}?lang=es`);
      expect(await drawnQr(pdf.bytes, i)).toEqual(qrModules(portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, tenantOf.access_code)));
    }

    const merge = await download(result.mail_merge_file_name);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(merge.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const cells = (name: string) => [sheet.getRow(2).getCell(header.indexOf(name)).text, sheet.getRow(3).getCell(header.indexOf(name)).text].sort();
    expect(header.indexOf('access_code')).toBeGreaterThan(0);
    expect(cells('access_code')).toEqual([t.Ada!, t.Rae!].map((x) => formatAccessCode(x.access_code)).sort());
    expect(cells('portal_url')).toEqual([portal, portal]);
    expect(cells('portal_qr_url')).toEqual([t.Ada!, t.Rae!].map((x) => portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, x.access_code)).sort());
    // Every fact the letter prints is in its tenant's row, in the letter's values (a mail house merging its own letters needs them all).
    for (const r of [2, 3]) {
      const row = Object.fromEntries(header.map((h, i) => [h, sheet.getRow(r).getCell(i).text]).filter(([h]) => h !== 'undefined'));
      const text = read.pages.map(pageText).find((p) => p.includes(`Dear ${row.first_name}`))!;
      expect(row).toMatchObject({ default_plan_start_date: slashDate(LETTER_EFFECTIVE_DATE), first_notice_date: '', plan_coverage: '' });
      expect(row.respond_by).not.toBe('');
      expect(text).toContain(`Respond by ${/^\d/.test(row.respond_by!) ? longDate(isoOf(row.respond_by!)) : row.respond_by}`);
      expect(text).toContain(`Coverage begins ${longDate(LETTER_EFFECTIVE_DATE)}`);
      expect(text).toContain(`${row.default_plan_coverage} of coverage through the facility\u2019s tenant insurance plan will be added to your account, and its premium of ${row.default_plan_monthly_premium} per month`);
      expect(row.coverage_options).not.toBe('');
      // The options table prints each amount beside its premium: '$2,000 $12.00 per month'.
      for (const option of row.coverage_options!.split('; ')) expect(text).toContain(option.replace(' for ', ' '));
    }

    const [ada, rae, wes] = await getTenants([t.Ada!.id, t.Rae!.id, t.Wes!.id]);
    expect(ada!.initial_letter_sent_date).toBe(AUDIT_DATE);
    expect(rae!.initial_letter_sent_date).toBe(AUDIT_DATE);
    expect(wes!.initial_letter_sent_date).toBeNull();
    const history = await tenantHistory(t.Ada!.id);
    expect(history[0]).toMatchObject({ action: 'initial_letter_generated', changes: [{ field: 'initial_letter_sent_date', from: null, to: AUDIT_DATE }] });

    const batches = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect(batches.status, batches.text).toBe(200);
    const rows = (batches.body as { data: Record<string, unknown>[]; pagination: { total: number } });
    expect(rows.pagination.total).toBe(1);
    expect(rows.data[0]).toMatchObject({
      facility_number: facility.facility_number, letter_type: 'initial', tenant_count: 2, file_name: result.file_name,
      mail_merge_file_name: result.mail_merge_file_name, mail_time: AUDIT_DATE, cycle_id: cycleId,
    });
    const byType = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number, letter_type: 'reminder' } });
    expect((byType.body as { data: unknown[] }).data).toEqual([]);

    // Ada is no longer ready for an audit letter; Ada and Rae are now ready for a reminder.
    const counts = await call('GET', `/api/facilities/${facility.id}/tenant-mailing-counts`, { token: monitor, query: { cycle_id: cycleId } });
    const c = Object.fromEntries((counts.body as { key: string; count: number }[]).map((x) => [x.key, x.count]));
    expect(c).toMatchObject({ initial_letter_ready: 0, reminder_letter_ready: 2 });
  });

  it('a reminder batch with no selection takes the tenants ready for a reminder', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const { job } = await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'reminder', reminder_letter_date: REMINDER_DATE, cycle_id: cycleId });
    expect(job.result).toMatchObject({ tenant_count: 1, letter_count: 1 });
    expect((await getTenant(t.Rae!.id))!.reminder_letter_sent_date).toBe(REMINDER_DATE);
    expect((await getTenant(t.Ada!.id))!.reminder_letter_sent_date).toBeNull();
  });

  it('welcome letters: mailed to tenants without an e-mail address, the certificate e-mailed (SES) to the others', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const { job } = await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'welcome', cycle_id: cycleId });
    expect(job.result).toMatchObject({ letter_type: 'welcome', tenant_count: 2, letter_count: 1, certificates_emailed: 1 });
    const [wes, ema] = await getTenants([t.Wes!.id, t.Ema!.id]);
    expect(wes!.welcome_letter_sent_date).toBe(programToday());
    expect(wes!.welcome_certificate_emailed_date).toBeNull();
    expect(ema!.welcome_letter_sent_date).toBeNull();
    expect(ema!.welcome_certificate_emailed_date).toBe(programToday());
    const mails = await sesMessagesTo(ema!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.RawData).toContain('Content-Type: application/pdf');
    expect(mails[0]!.RawData).toContain(`Subject: Your certificate of coverage - ${facility.account_name}`);
    const pdf = await download((job.result as { file_name: string }).file_name);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('welcome letters: a tenant whose address is suppressed for returned e-mail gets the printed letter, no certificate (issue 26)', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    await bouncePermanently(t.Ema!.email);
    const { job } = await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'welcome', cycle_id: cycleId });
    expect(job.result).toMatchObject({ letter_type: 'welcome', tenant_count: 2, letter_count: 2, certificates_emailed: 0 });
    const ema = await getTenant(t.Ema!.id);
    expect(ema).toMatchObject({ welcome_letter_sent_date: programToday(), welcome_certificate_emailed_date: null });
    expect(await sesMessagesTo(ema!.email)).toEqual([]);
  });

  it('welcome letters: an address suppressed after the batch looked it up gets no certificate and is not marked e-mailed, so a welcome letter by post follows (issue 26)', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    await bouncePermanently(t.Ema!.email);
    // The batch's look-up ran before the bounce came in: it still saw the address as good (the worker runs in this process).
    const jobId = await batchJob(facility, [t.Wes!, t.Ema!], { letter_type: 'welcome', letter_date: programToday(), audit_letter_date: null, cycle_id: cycleId });
    const lookUp = vi.spyOn(emailSuppression, 'suppressedAddresses').mockResolvedValueOnce(new Set());
    try {
      await deliver(jobId);
      expect(lookUp).toHaveBeenCalledTimes(1);
    } finally {
      lookUp.mockRestore();
    }
    expect((await getJob(jobId))!.result).toMatchObject({ letter_type: 'welcome', tenant_count: 2, letter_count: 1, certificates_emailed: 0 });
    const ema = await getTenant(t.Ema!.id);
    expect(ema).toMatchObject({ welcome_letter_sent_date: null, welcome_certificate_emailed_date: null });
    expect(await sesMessagesTo(ema!.email)).toEqual([]);
    expect((await tenantHistory(t.Ema!.id)).map((h) => h.action)).toEqual(expect.arrayContaining(['email_not_sent', 'welcome_certificate_withdrawn']));
    const story = await call('GET', `/api/tenants/${t.Ema!.id}/story`, { token: monitor });
    expect((story.body as { letters: unknown[] }).letters, story.text).toEqual([]);
    // The next welcome batch posts her letter.
    const { job: next } = await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'welcome', cycle_id: cycleId });
    expect(next.result).toMatchObject({ tenant_count: 1, letter_count: 1, certificates_emailed: 0 });
    expect((await getTenant(t.Ema!.id))!.welcome_letter_sent_date).toBe(programToday());
  });

  it('Mark Letters Sent gives a welcome batch its mail time; a batch with one keeps it', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'welcome', cycle_id: cycleId });
    await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: t.Ada!.id });
    const mailTimes = async () => Object.fromEntries(((await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } }))
      .body as { data: { letter_type: string; mail_time: string | null }[] }).data.map((b) => [b.letter_type, b.mail_time]));
    expect(await mailTimes()).toEqual({ welcome: null, initial: AUDIT_DATE });
    const marked = await call('POST', `/api/facilities/${facility.id}`, {
      token: monitor, form: { initial_letter_sent_date: '2026-12-03', reminder_letter_sent_date: '', welcome_letter_sent_date: '2026-12-05', cycle_id: cycleId },
    });
    expect(marked.status, marked.text).toBe(200);
    expect(await mailTimes()).toEqual({ welcome: '2026-12-05', initial: AUDIT_DATE });
  });

  it('with no selection a batch holds at most the first 300 ready tenants', async () => {
    const facility = await letterFacility();
    await cycleWithTenants(facility, Array.from({ length: 305 }, (_, i) => tenant(i, null, { email: '' })));
    const { job } = await generated(`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'initial', audit_letter_date: AUDIT_DATE });
    expect(job.result).toMatchObject({ tenant_count: 300, letter_count: 300 });
    const counts = await call('GET', `/api/facilities/${facility.id}/tenant-mailing-counts`, { token: monitor });
    expect((counts.body as { key: string; count: number }[]).find((c) => c.key === 'initial_letter_ready')!.count).toBe(5);
  });

  it('sample letters: one of each type, no tenant changed, no batch', async () => {
    const { facility, t } = await mailingFacility();
    const { job } = await generated(`/api/facilities/${facility.id}/generate-sample-letters`, { audit_letter_date: AUDIT_DATE });
    expect(job.result).toMatchObject({ letter_type: 'sample', tenant_count: 0, letter_count: 3, mail_merge_file_name: null });
    const pdf = await download((job.result as { file_name: string }).file_name);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBeGreaterThanOrEqual(3);
    // The sample tenant's code is plainly a sample, printed as a real one is: in the text and in the QR code.
    const text = (await readPdf(pdf.bytes)).pages.map(pageText).join(' ');
    expect(text).toContain('with your access code SAMP-2345');
    expect(await drawnQr(pdf.bytes, 0)).toEqual(qrModules(portalUrlWithCode(DEMO_PROGRAM_SETTINGS.website, 'SAMP2345')));
    expect((await getTenant(t.Ada!.id))!.initial_letter_sent_date).toBeNull();
    const batches = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect((batches.body as { data: unknown[] }).data).toEqual([]);
  });

  it('a state batch mails the state\'s tenants and records a batch per facility', async () => {
    const a = await mailingFacility('WY');
    const b = await mailingFacility('WY');
    const { job } = await generated('/api/facilities/state/WY/generate-letters', {
      letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: [a.t.Ada!.id, b.t.Ada!.id].join(','),
    });
    expect(job.result).toMatchObject({ tenant_count: 2, letter_count: 2 });
    for (const f of [a, b]) {
      const batches = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: f.facility.facility_number } });
      expect((batches.body as { data: unknown[] }).data).toEqual([expect.objectContaining({ state: 'WY', tenant_count: 1, letter_type: 'initial' })]);
    }
  });
});

describe('bad input and safety', () => {
  it('refuses bad letter types, dates and tenant ids with clear 4xx messages, and queues nothing', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const other = await mailingFacility();
    const path = `/api/facilities/${facility.id}/generate-letters`;
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ letter_type: 'sample' }, 422, /letter_type must be one of initial, reminder, welcome/],
      [{ letter_type: 'initial' }, 422, /audit_letter_date is required/],
      [{ letter_type: 'initial', audit_letter_date: '12/01/2026' }, 422, /YYYY-MM-DD/],
      [{ letter_type: 'initial', audit_letter_date: '2026-02-30' }, 422, /date/],
      [{ letter_type: 'reminder', audit_letter_date: AUDIT_DATE }, 422, /reminder_letter_date is required/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: other.t.Ada!.id }, 422, /do not belong to facility/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: t.Ian!.id }, 422, /incomplete address/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: t.Mo!.id }, 422, /moved out/],
      [{ letter_type: 'welcome', tenants: t.Ada!.id }, 422, /coverage plan/],
      [{ letter_type: 'reminder', reminder_letter_date: REMINDER_DATE, tenants: t.Ada!.id }, 422, /not sent an audit letter yet, so they get no reminder letter/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: t.Wes!.id }, 422, /answered already, so they get no audit letter/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: t.Rae!.id }, 409, /1 of the chosen tenants has already been sent an audit letter; no letter was generated/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: t.Ada!.id, resend: 'maybe' }, 422, /resend/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: 'no-such-tenant' }, 404, /do not exist/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: `${t.Ada!.id},${t.Ada!.id}` }, 422, /twice/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: Array.from({ length: 301 }, (_, i) => `x${i}`).join(',') }, 422, /300/],
      [{ letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: other.cycleId }, 404, /not a cycle of facility/],
    ];
    for (const [query, status, message] of cases) {
      const res = await call('GET', path, { token: monitor, query });
      expect(res.status, `${JSON.stringify(query)}: ${res.text}`).toBe(status);
      expect(res.text).toMatch(message);
    }
    expect((await call('GET', '/api/facilities/state/XX/generate-letters', { token: monitor, query: { letter_type: 'welcome' } })).status).toBe(422);
    expect((await call('GET', '/api/facilities/no-such-facility/generate-letters', { token: monitor, query: { letter_type: 'welcome' } })).status).toBe(404);
    // Nothing was marked by any of them.
    expect((await getTenant(t.Ada!.id))!.initial_letter_sent_date).toBeNull();
    expect(cycleId).toBeTruthy();
  });

  it('no letter while any tenant of the facility is tagged for removal', async () => {
    const { facility, t } = await mailingFacility();
    await saveTenant(t.Wes!, { tagged_for_removal: true }, TEST_WRITE);
    const res = await call('GET', `/api/facilities/${facility.id}/generate-letters`, { token: monitor, query: { letter_type: 'initial', audit_letter_date: AUDIT_DATE } });
    expect(res.status).toBe(409);
    // Issue 24: the refusal also says how many are tagged, so the user knows what to look for.
    expect(res.body.error).toBe('Some tenants are tagged for removal. They will need to be removed or untagged before continuing. 1 tenant is tagged.');
    const list = await call('GET', `/api/facilities/${facility.id}/tenants-mailing`, { token: monitor });
    expect((list.body as { info: { tagged_for_removal: number } }).info.tagged_for_removal).toBe(1);
  });

  it('a manager cannot reach the letter calls', async () => {
    const { facility } = await mailingFacility();
    for (const [path, query] of [
      [`/api/facilities/${facility.id}/tenants-mailing`, {}], [`/api/facilities/${facility.id}/tenant-mailing-counts`, {}],
      [`/api/facilities/${facility.id}/generate-letters`, { letter_type: 'welcome' }], [`/api/facilities/${facility.id}/generate-sample-letters`, {}],
      ['/api/facilities/download-letters/x.pdf', {}], ['/api/facilities/state/TX', {}], ['/api/letter-batches', {}],
    ] as const) {
      expect((await call('GET', path, { token: manager, query })).status, path).toBe(403);
    }
  });

  it('downloads name only letter files that exist', async () => {
    expect((await call('GET', '/api/facilities/download-letters/..%2Fsecret.pdf', { token: monitor })).status).toBe(422);
    expect((await call('GET', '/api/facilities/download-letters/report.exe', { token: monitor })).status).toBe(422);
    const missing = await call('GET', '/api/facilities/download-letters/nothing-here.pdf', { token: monitor });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('does not exist');
  });

  it('the batches list validates its filters', async () => {
    expect((await call('GET', '/api/letter-batches', { token: monitor, query: { letter_type: 'sample' } })).status).toBe(422);
    expect((await call('GET', '/api/letter-batches', { token: monitor, query: { page: 0 } })).status).toBe(422);
  });
});

/** A batch job record with no queue message (no poller races the test); run by the worker in this process. */
async function batchJob(facility: FacilityRecord, tenants: readonly TenantRecord[], fields: Partial<LetterBatchInput> = {}) {
  const id = randomUUID();
  const input: LetterBatchInput = {
    letter_type: 'initial', letter_date: AUDIT_DATE, audit_letter_date: AUDIT_DATE, reminder_letter_date: null, facility_id: facility.id,
    cycle_id: null, state: null, tenant_ids: tenants.map((x) => x.id), created_by_username: 'tester', resend: false,
    file_stem: letterFileStem({ scope: facility.facility_number, letterType: 'initial', letterDate: AUDIT_DATE, jobId: id }), ...fields,
  };
  await createJobRecordOnly({ id, queue: 'letter-generation', type: LETTER_JOB_TYPES.batch, createdBy: monitorId, input: { ...input } });
  return id;
}
/**
 * Runs `run` with the second tenant-marking transaction of this process failing, as a throttled or failed
 * DynamoDB call would half way through a batch.
 */
async function withSecondMarkingFailing<T>(jobId: string, run: () => Promise<T>): Promise<T> {
  let marking = 0;
  const name = `fail-half-way-${jobId}`;
  dynamo().middlewareStack.add((next) => async (args) => {
    const input = args.input as { TransactItems?: { Put?: { Item?: { type?: string } } }[] };
    if (input.TransactItems?.some((i) => i.Put?.Item?.type === 'tenant') && ++marking === 2) throw Object.assign(new Error('Simulated DynamoDB failure'), { name: 'InternalServerError' });
    return next(args);
  }, { step: 'initialize', name });
  try {
    return await run();
  } finally {
    dynamo().middlewareStack.remove(name);
    expect(marking).toBeGreaterThanOrEqual(2);
  }
}
const deliver = (jobId: string, receive = 1) => letterWorker({
  Records: [{ messageId: randomUUID(), receiptHandle: 'local', body: JSON.stringify({ job_id: jobId, type: LETTER_JOB_TYPES.batch }), attributes: { ApproximateReceiveCount: String(receive) } }],
} as unknown as SQSEvent);

describe('a batch marks every tenant or none', () => {
  it('a repeated delivery never makes a second batch nor marks a tenant twice', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 60 }, (_, i) => tenant(i, null, { email: '' })));
    const jobId = await batchJob(facility, tenants);
    await Promise.all([deliver(jobId), deliver(jobId)]);
    const done = await getJob(jobId);
    expect(done).toMatchObject({ status: 'done', error: null });
    await deliver(jobId);
    expect(await getJob(jobId)).toEqual(done);
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t.initial_letter_sent_date).toBe(AUDIT_DATE);
    const history = await tenantHistory(tenants[0]!.id);
    expect(history.filter((h) => h.action === 'initial_letter_generated')).toHaveLength(1);
    const batches = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect((batches.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('DynamoDB failing half way leaves no tenant marked and no batch listed; the retry completes', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 120 }, (_, i) => tenant(i, null, { email: '' })));
    const jobId = await batchJob(facility, tenants);
    const out = await withSecondMarkingFailing(jobId, () => deliver(jobId));
    expect(out.batchItemFailures).toHaveLength(1);
    expect((await getJob(jobId))!).toMatchObject({ status: 'queued', error: 'Simulated DynamoDB failure' });
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t.initial_letter_sent_date).toBeNull();
    const before = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect((before.body as { data: unknown[] }).data).toEqual([]);

    await deliver(jobId, 2);
    expect((await getJob(jobId))!.status).toBe('done');
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t.initial_letter_sent_date).toBe(AUDIT_DATE);
    const after = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect((after.body as { data: unknown[] }).data).toEqual([expect.objectContaining({ tenant_count: 120 })]);
  });

  it('a tenant deleted before the job runs fails the job with nothing marked', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, [tenant(1, null, { email: '' }), tenant(2, null, { email: '' })]);
    const jobId = await batchJob(facility, [...tenants, { ...tenants[0]!, id: 'deleted-tenant' }]);
    await deliver(jobId);
    expect((await getJob(jobId))!).toMatchObject({ status: 'failed' });
    expect((await getJob(jobId))!.error).toMatch(/no longer exist; no letter was generated and no tenant was marked/);
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t.initial_letter_sent_date).toBeNull();
  });
});

describe('no tenant is mailed twice by accident', () => {
  const path = (facility: FacilityRecord) => `/api/facilities/${facility.id}/generate-letters`;
  const stemOf = (facility: FacilityRecord, jobId: string, letterDate = AUDIT_DATE) => letterFileStem({ scope: facility.facility_number, letterType: 'initial', letterDate, jobId });
  const generatedOnce = async (tenants: readonly TenantRecord[]) => {
    for (const id of tenants.map((x) => x.id)) {
      expect((await tenantHistory(id)).filter((h) => h.action === 'initial_letter_generated'), id).toHaveLength(1);
    }
  };
  const batchesOf = async (facility: FacilityRecord) =>
    ((await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } })).body as { data: { tenant_count: number; file_name: string }[] }).data;
  /** A batch job no worker picks up (no queue message), holding claims on the tenants as a generate call takes them. */
  async function heldBy(tenants: readonly TenantRecord[], createdBy = 'someone') {
    const job = await createJobRecordOnly({ queue: 'letter-generation', type: LETTER_JOB_TYPES.batch, createdBy: monitorId });
    const batch = `HELD-initial-${AUDIT_DATE}-${job.id.replace(/-/g, '').slice(0, 12)}`;
    await claimTenants({ letterType: 'initial', tenantIds: tenants.map((x) => x.id), jobId: job.id, batch, createdBy, resend: false, named: true });
    return { job, batch };
  }

  it('two calls at once for the same 150 tenants: one batch, the other refused naming it, every tenant marked once', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 150 }, (_, i) => tenant(i, null, { email: '' })));
    const query = { letter_type: 'initial', audit_letter_date: AUDIT_DATE, tenants: tenants.map((x) => x.id).join(',') };
    const answers = await Promise.all([call('GET', path(facility), { token: monitor, query }), call('GET', path(facility), { token: monitor, query })]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
    const accepted = answers.find((a) => a.status === 200)!.body as { job_id: string; tenant_count: number };
    const refused = answers.find((a) => a.status === 409)!;
    expect(accepted.tenant_count).toBe(150);
    // How many, and the batch: who started it, when, and the name Letter Batches shows its files under.
    expect(refused.text).toMatch(/150 of the chosen tenants are already in the Audit letter batch \S+ started (less than a minute|\d+ minutes?) ago \(/);
    expect(refused.text).toContain(stemOf(facility, accepted.job_id));
    expect(refused.text).toContain('No letter was generated');

    const job = await waitForExportJob(accepted.job_id, monitor, 60_000);
    expect(job).toMatchObject({ status: 'done', error: null });
    expect(job.result).toMatchObject({ tenant_count: 150, letter_count: 150, tenants_skipped: 0 });
    for (const x of await getTenants(tenants.map((y) => y.id))) expect(x.initial_letter_sent_date).toBe(AUDIT_DATE);
    await generatedOnce(tenants);
    expect(await batchesOf(facility)).toEqual([expect.objectContaining({ tenant_count: 150, file_name: `${stemOf(facility, accepted.job_id)}.pdf` })]);
  });

  it('a double click with no tenant checked: the second call is refused while the first batch is made; then nobody is left', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 4 }, (_, i) => tenant(i, null, { email: '' })));
    const query = { letter_type: 'initial', audit_letter_date: AUDIT_DATE };
    const answers = await Promise.all([call('GET', path(facility), { token: monitor, query }), call('GET', path(facility), { token: monitor, query })]);
    expect(answers.map((a) => a.status).sort(), answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
    const accepted = answers.find((a) => a.status === 200)!.body as { job_id: string };
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.text).toContain('4 of the tenants ready for an audit letter are already in the Audit letter batch');
    expect(refused.text).toContain(stemOf(facility, accepted.job_id));

    expect(await waitForExportJob(accepted.job_id, monitor, 30_000)).toMatchObject({ status: 'done', result: expect.objectContaining({ tenant_count: 4 }) });
    await generatedOnce(tenants);
    expect(await batchesOf(facility)).toHaveLength(1);
    // Clicked again once the batch is done: everyone had the letter, so nothing is generated.
    const again = await call('GET', path(facility), { token: monitor, query });
    expect(again.status).toBe(422);
    expect(again.text).toContain('are ready for an Audit letter');
  });

  it('a batch still being generated holds its tenants, even from a resend; a failed batch lets them go', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const { job, batch } = await heldBy([t.Ada!], 'carol');
    const query = { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: t.Ada!.id, resend: 'true' };
    const refused = await call('GET', path(facility), { token: monitor, query });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`1 of the chosen tenants is already in the Audit letter batch carol started less than a minute ago (${batch}, still being generated). `
      + 'No letter was generated: wait until it is done (Letter Batches then lists it) before generating these letters again.');
    expect((refused.body as { errors: { id: string }[] }).errors).toEqual([expect.objectContaining({ id: t.Ada!.id })]);
    // With no tenant checked the server would take Ada: refused the same way.
    expect((await call('GET', path(facility), { token: monitor, query: { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId } })).status).toBe(409);

    await updateJob(job.id, { status: 'failed', error: 'The worker gave up.' });
    const { job: done } = await generated(path(facility), query);
    expect(done.result).toMatchObject({ tenant_count: 1, tenants_skipped: 0 });
    expect((await getTenant(t.Ada!.id))!.initial_letter_sent_date).toBe(AUDIT_DATE);
  });

  it('a batch that just finished holds its tenants unless staff send again on purpose', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const { job, batch } = await heldBy([t.Ada!]);
    await updateJob(job.id, { status: 'done' });
    const query = { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: t.Ada!.id };
    const refused = await call('GET', path(facility), { token: monitor, query });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`(${batch}, finished less than a minute ago). No letter was generated: reload the list; to mail them again on purpose, check them and answer Continue.`);
    const { job: resent } = await generated(path(facility), { ...query, resend: 'true' });
    expect(resent.result).toMatchObject({ tenant_count: 1 });
  });

  it('resend mails a tenant who was sent the letter already, on record; without it the call is refused', async () => {
    const { facility, cycleId, t } = await mailingFacility();
    const query = { letter_type: 'initial', audit_letter_date: AUDIT_DATE, cycle_id: cycleId, tenants: t.Rae!.id };
    const refused = await call('GET', path(facility), { token: monitor, query });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('1 of the chosen tenants has already been sent an audit letter; no letter was generated.');
    expect((await getTenant(t.Rae!.id))!.initial_letter_sent_date).toBe('2026-10-01');

    const { job } = await generated(path(facility), { ...query, resend: 'true' });
    expect(job.result).toMatchObject({ tenant_count: 1, letter_count: 1, tenants_skipped: 0 });
    expect((await getTenant(t.Rae!.id))!.initial_letter_sent_date).toBe(AUDIT_DATE);
    expect((await tenantHistory(t.Rae!.id))[0]).toMatchObject({
      action: 'initial_letter_generated', changes: [{ field: 'initial_letter_sent_date', from: '2026-10-01', to: AUDIT_DATE }],
    });
  });

  it('the worker leaves out a tenant no longer ready when it runs: not in the PDF, not marked, counted', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 3 }, (_, i) => tenant(i, null, { email: '' })));
    const jobId = await batchJob(facility, tenants);
    // Between the call and the job: the tenant opted out.
    await saveTenant(tenants[1]!, { status: 'opt_out' }, TEST_WRITE);
    await deliver(jobId);
    const job = (await getJob(jobId))!;
    expect(job).toMatchObject({ status: 'done', error: null, result: expect.objectContaining({ tenant_count: 2, letter_count: 2, tenants_skipped: 1 }) });
    const [a, b, c] = await getTenants(tenants.map((x) => x.id));
    expect([a!.initial_letter_sent_date, b!.initial_letter_sent_date, c!.initial_letter_sent_date]).toEqual([AUDIT_DATE, null, AUDIT_DATE]);
    const pdf = await download((job.result as { file_name: string }).file_name);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(2);
    expect(await batchesOf(facility)).toEqual([expect.objectContaining({ tenant_count: 2 })]);
  });

  it('a tenant changed between the worker\'s read and its marking: the worker reads again and leaves it out', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 3 }, (_, i) => tenant(i, null, { email: '' })));
    const jobId = await batchJob(facility, tenants);
    const ids = new Set(tenants.map((x) => x.id));
    // Just before the first marking transaction, the tenant answers (its version moves on): that marking must not go through.
    let answered = false;
    const name = `answer-meanwhile-${jobId}`;
    dynamo().middlewareStack.add((next) => async (args) => {
      const input = args.input as { TransactItems?: { Put?: { Item?: { type?: string; id?: string } } }[] };
      if (!answered && input.TransactItems?.some((i) => i.Put?.Item?.type === 'tenant' && ids.has(i.Put.Item.id ?? ''))) {
        answered = true;
        await saveTenant((await getTenant(tenants[2]!.id))!, { status: 'provide_proof' }, TEST_WRITE);
      }
      return next(args);
    }, { step: 'initialize', name });
    try {
      await deliver(jobId);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(answered).toBe(true);
    const job = (await getJob(jobId))!;
    expect(job).toMatchObject({ status: 'done', error: null, result: expect.objectContaining({ tenant_count: 2, letter_count: 2, tenants_skipped: 1 }) });
    const changed = (await getTenant(tenants[2]!.id))!;
    expect(changed).toMatchObject({ status: 'provide_proof', initial_letter_sent_date: null });
    expect((await tenantHistory(changed.id)).some((h) => h.action.startsWith('initial_letter_generated'))).toBe(false);
    await generatedOnce(tenants.slice(0, 2));
    const pdf = await download((job.result as { file_name: string }).file_name);
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(2);
    expect(await batchesOf(facility)).toEqual([expect.objectContaining({ tenant_count: 2 })]);
  });

  it('a job none of whose tenants is still ready fails with nothing marked', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, [tenant(1, null, { email: '' }), tenant(2, null, { email: '' })]);
    const jobId = await batchJob(facility, tenants);
    for (const x of tenants) await saveTenant(x, { initial_letter_sent_date: '2026-11-15' }, TEST_WRITE);
    await deliver(jobId);
    const job = (await getJob(jobId))!;
    expect(job.status).toBe('failed');
    expect(job.error).toBe('None of the 2 chosen tenants is ready for an audit letter any more (each answered, was sent one or was changed since the letters were asked for); no letter was generated and no tenant was marked.');
    for (const x of await getTenants(tenants.map((y) => y.id))) expect(x.initial_letter_sent_date).toBe('2026-11-15');
    expect(await batchesOf(facility)).toEqual([]);
  });
});

describe('retried by staff from Failed jobs (issue 26)', () => {
  it('a batch that failed half way on its last receive, its message in the DLQ, is retried to done: one batch, every tenant marked once', async () => {
    const facility = await letterFacility();
    const { tenants } = await cycleWithTenants(facility, Array.from({ length: 120 }, (_, i) => tenant(i, null, { email: '' })));
    const jobId = await batchJob(facility, tenants);
    const out = await withSecondMarkingFailing(jobId, () => deliver(jobId, JOB_QUEUES.find((q) => q.name === 'letter-generation')!.maxReceiveCount));
    expect(out.batchItemFailures).toHaveLength(1);
    const failed = (await getJob(jobId))!;
    expect(failed).toMatchObject({ status: 'failed', error: 'Simulated DynamoDB failure' });
    await moveToDeadLetters(failed);

    const res = await call('POST', `/api/failed-jobs/${jobId}/retry`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    const deadline = Date.now() + 60_000;
    while (!['done', 'failed'].includes((await getJob(jobId))!.status) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await getJob(jobId)).toMatchObject({ status: 'done', last_error: 'Simulated DynamoDB failure' });
    expect(await deadLettersOf('letter-generation', jobId)).toBe(0);
    for (const t of await getTenants(tenants.map((x) => x.id))) expect(t.initial_letter_sent_date).toBe(AUDIT_DATE);
    // The failed run's first group was marked and undone (both on record); the retry marked each tenant once more: one mark stands.
    for (const t of tenants.slice(0, 60)) {
      const actions = (await tenantHistory(t.id)).map((h) => h.action);
      expect(actions.filter((a) => a === 'initial_letter_generated').length - actions.filter((a) => a === 'initial_letter_generated_undone').length, t.id).toBe(1);
    }
    const batches = await call('GET', '/api/letter-batches', { token: monitor, query: { facility_number: facility.facility_number } });
    expect((batches.body as { data: unknown[] }).data).toEqual([expect.objectContaining({ tenant_count: 120 })]);
  });
});
