/**
 * The letter-generation jobs (docs/decisions.md "Letters: a batch marks all its tenants or none").
 *
 * A letter batch: read the tenants (every one must still exist and still be in the batch's facility or
 * state), leave out those no longer ready for the letter (docs/decisions.md "Letters: no tenant is mailed
 * twice by accident"; the marking is conditional on each tenant's version as read, and a tenant changed
 * meanwhile makes the job read and check them again), render one PDF of the mailed letters and the
 * mail-merge workbook, store both under fixed names
 * (a retry overwrites them), then, per facility, record the batch unlisted, mark every tenant's sent date
 * for the letter (all or none: tenant-store's saveTenants undoes earlier groups when a later one fails),
 * and list the batch. The job is registered on its tenants' facilities meanwhile, so no archive deletes
 * them under it (docs/decisions.md "Archives: the lock and what it refuses"). A retried job finds its batches: a complete one is not marked again, a batch left
 * `marking` by a crash marks only the tenants still unmarked. Welcome certificates are e-mailed last, each
 * one struck off the batch's `emails_pending` as it goes, so a retry sends only those still owed. A tenant
 * whose address is suppressed (returned e-mail, issue 26) gets the printed welcome letter instead.
 *
 * Sample letters: one letter of each type for the facility with a made-up tenant; no tenant, no batch.
 */
import type { MailedLetterType, LetterJobResult } from '../../shared/contracts/letters';
import { LETTER_TYPE_LABELS, MAILED_LETTER_TYPES } from '../../shared/contracts/letters';
import { wasSentLetter } from '../../shared/letter-sent';
import { jobTargetsOf, whileRegistered } from '../archives/archive-lock';
import { JobRefused } from '../jobs/job-refused';
import { identityProblem, readProgramSettings } from '../program/program-settings';
import { calendarDateIn } from '../../shared/format';
import { HttpError } from '../runtime/http-error';
import { recordMetric } from '../runtime/metrics';
import type { JobRunContext, JobRunner } from '../runtime/worker';
import { getTenant, getTenants, saveTenants } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { emailKeyOf } from '../tenants/tenant-record';
import type { Actor } from '../tenants/tenant-history';
import {
  certificateSent, completeLetterBatch, getLetterBatch, letterBatchId, releaseLetterBatch, startLetterBatch, takeOverLetterBatch,
} from './letter-batch-store';
import type { LetterBatchRecord } from './letter-batch-store';
import { claimedElsewhere } from './letter-claims';
import { SAMPLE_RECIPIENT, SAMPLE_TENANT_WHERE, enrollmentOf, letterPageOf, letterProgramOf, recipientOf, sampleEnrollment } from './letter-content';
import type { LetterChoice } from './letter-content';
import { letterContextOf } from './letter-context';
import type { LetterContext } from './letter-context';
import { letterFactProblems, letterFactsError } from './letter-facts';
import { letterPdfName, mailMergeName, putLetterFile } from './letter-files';
import { letterBatchInput, sampleLettersInput } from './letter-job-type';
import type { LetterBatchInput } from './letter-job-type';
import { letterPortal } from './letter-copy';
import { mailMergeWorkbook } from './mail-merge';
import { renderLetterBatch, renderLetterBatchPages, renderWelcomeCertificate } from './letter-pdf';
import type { LetterPage, LetterProgram } from './letter-pdf';
import { coverageAmount, longDate, monthlyPremium } from './letter-text';
import { hasEmail, isReadyFor } from './mailing-rules';
import { forgetTenantLetter, recordTenantLetters } from './tenant-letters';
import { sendCertificateEmail } from './welcome-email';
import { suppressedAddresses } from '../email/email-suppression';

/** The tenant field each letter type marks. */
const SENT_FIELD: Record<MailedLetterType, 'initial_letter_sent_date' | 'reminder_letter_sent_date' | 'welcome_letter_sent_date'> = {
  initial: 'initial_letter_sent_date', reminder: 'reminder_letter_sent_date', welcome: 'welcome_letter_sent_date',
};

/** Every tenant still there and still where the batch was asked for, or the job is refused with nothing marked. */
function checkTenants(input: LetterBatchInput, tenants: readonly TenantRecord[], ctx: LetterContext): void {
  if (tenants.length !== input.tenant_ids.length) {
    const missing = input.tenant_ids.length - tenants.length;
    throw new JobRefused(`${missing} of the ${input.tenant_ids.length} chosen tenants no longer exist; no letter was generated and no tenant was marked. Reload the list and choose again.`);
  }
  const outside = tenants.filter((t) => (input.facility_id ? t.facility_id !== input.facility_id : ctx.facilities.get(t.facility_id)?.state !== input.state)
    || (input.cycle_id !== null && t.cycle_id !== input.cycle_id));
  if (outside.length > 0) {
    throw new JobRefused(`${outside.length} of the chosen tenants moved to another facility or cycle; no letter was generated and no tenant was marked.`);
  }
}

const fullName = (t: Pick<TenantRecord, 'first_name' | 'last_name'>) => [t.first_name, t.last_name].filter(Boolean).join(' ');

/** The program as its settings say now; a setting emptied since the call refuses the job, nothing written. */
async function currentProgram(): Promise<LetterProgram> {
  const settings = await readProgramSettings();
  const problem = identityProblem(settings, 'letters are generated or certificates e-mailed');
  if (problem) throw new JobRefused(problem);
  return letterProgramOf(settings);
}

/** Reads of the tenants a job makes when one changes between its reading and its marking. */
const MARKING_ROUNDS = 3;

async function runLetterBatch(run: JobRunContext): Promise<Record<string, unknown>> {
  const input = letterBatchInput.parse(run.job.input);
  const program = await currentProgram();
  // Registered on the chosen tenants' facilities while it marks them: no archive starts meanwhile, and
  // none may be running now (functions/archives/archive-lock.ts); tenants gone already are checkTenants' to refuse.
  const targets = jobTargetsOf(await getTenants(input.tenant_ids));
  return whileRegistered(run.job.id, targets, 'letters', async () => {
    for (let round = 1; ; round += 1) {
      try {
        return await writeLetterBatch(run, input, program);
      } catch (err) {
        // A tenant changed after it was read (the tenant store's lock answers 409, the marking undone): read and check them again.
        if (!(err instanceof HttpError && err.status === 409) || round >= MARKING_ROUNDS) throw err;
      }
    }
  });
}

async function writeLetterBatch({ job, progress }: JobRunContext, input: LetterBatchInput, program: LetterProgram): Promise<Record<string, unknown>> {
  const chosen = await getTenants(input.tenant_ids);
  const ctx = await letterContextOf(chosen);
  checkTenants(input, chosen, ctx);
  const tenants = await stillReady(input, chosen, job.id);
  await progress(10);

  const choice: LetterChoice = {
    letter_type: input.letter_type, letter_date: input.letter_date,
    audit_letter_date: input.audit_letter_date, reminder_letter_date: input.reminder_letter_date,
  };
  // Checked by the call; checked again in case a facility or cycle changed while the job waited.
  const facts = letterFactsError(letterFactProblems(tenants, ctx, choice));
  if (facts) throw new JobRefused(facts.message);
  const pageOf = (t: TenantRecord): LetterPage => letterPageOf({
    recipient: recipientOf(t), enrollment: enrollmentOf(t), facility: ctx.facilities.get(t.facility_id)!, cycle: ctx.cycles.get(t.cycle_id) ?? null,
    coverages: ctx.coverages.get(t.facility_id)!, choice,
  });
  // Welcome letters go by post only to tenants without an e-mail address; the others get the certificate by
  // e-mail, but for an address suppressed for returned e-mail (issue 26), which counts as none: a printed letter.
  const emailed = input.letter_type === 'welcome' ? await withoutSuppressedAddress(tenants.filter(hasEmail)) : [];
  const mailed = tenants.filter((t) => !emailed.includes(t));
  const pdfName = mailed.length > 0 ? letterPdfName(input.file_stem) : null;
  const mergeName = mailed.length > 0 ? mailMergeName(input.file_stem) : null;
  /** Each mailed tenant's first page of the PDF, for its tenant page's link. */
  const firstPageOf = new Map<string, number>();
  if (mailed.length > 0) {
    const pages = mailed.map(pageOf);
    const [{ pdf, firstPages }, workbook] = await Promise.all([renderLetterBatchPages(pages, program), mailMergeWorkbook(pages, program)]);
    mailed.forEach((t, i) => firstPageOf.set(t.id, firstPages[i]!));
    await progress(60);
    await Promise.all([putLetterFile(pdfName!, pdf), putLetterFile(mergeName!, workbook)]);
  }
  await progress(75);

  const how: TenantWrite = { actor: { user_id: job.created_by, username: input.created_by_username }, action: `${input.letter_type}_letter_generated` };
  const batches: LetterBatchRecord[] = [];
  for (const [facilityId, group] of groupBy(tenants, (t) => t.facility_id)) {
    const facility = ctx.facilities.get(facilityId)!;
    const cycleIds = [...new Set(group.map((t) => t.cycle_id))];
    const cycle = cycleIds.length === 1 ? ctx.cycles.get(cycleIds[0]!) ?? null : null;
    const id = letterBatchId(job.id, facilityId);
    let batch = await getLetterBatch(id);
    if (batch?.status === 'complete') {
      batches.push(batch);
      continue;
    }
    const mails = {
      tenant_count: group.length, file_name: pdfName, mail_merge_file_name: mergeName,
      tenant_ids: group.map((t) => t.id), emails_pending: group.filter((t) => emailed.includes(t)).map((t) => t.id),
    };
    batch = batch
      ? await takeOverLetterBatch({ ...batch, ...mails })
      : await startLetterBatch({
        id, job_id: job.id, status: 'marking', lease_until: '', facility_id: facilityId, facility_number: facility.facility_number,
        cycle_id: cycle?.id ?? null, cycle_label: cycle?.label ?? null, state: input.state, letter_type: input.letter_type,
        save_time: new Date().toISOString(), mail_time: input.letter_type === 'welcome' ? null : input.letter_date, created_by: how.actor.username, ...mails,
      });
    try {
      const today = calendarDateIn(program.time_zone);
      await markTenants(group, emailed, input, how, today);
      // Under each tenant before the batch is listed: a run that stops between the two writes them again.
      await recordTenantLetters(batch, group.map((t) => (emailed.includes(t)
        ? { tenant_id: t.id, delivery: 'email' as const, date: today, page: null }
        : { tenant_id: t.id, delivery: 'mail' as const, date: input.letter_date, page: firstPageOf.get(t.id) ?? null })));
      await completeLetterBatch(batch);
    } catch (err) {
      await releaseLetterBatch(batch);
      throw err;
    }
    batches.push({ ...batch, status: 'complete' });
  }
  await progress(90);

  let certificatesStopped = 0;
  for (const batch of batches) certificatesStopped += await emailCertificates(batch, tenants, pageOf, program, how.actor);
  recordMetric('LettersGenerated', mailed.length);
  const result: LetterJobResult = {
    file_name: pdfName, mail_merge_file_name: mergeName, letter_type: input.letter_type, tenant_count: tenants.length,
    letter_count: mailed.length, certificates_emailed: emailed.length - certificatesStopped, tenants_skipped: chosen.length - tenants.length,
  };
  return result;
}

/**
 * The chosen tenants the batch still mails, in their order: each ready for the letter now (mailing-rules;
 * with `resend` read as not sent it yet) and claimed by no other batch. A tenant an earlier run of this
 * job put in its batch and marked stays in, so a retry writes the same letters. The others are left out
 * (the result counts them); none left refuses the job.
 */
async function stillReady(input: LetterBatchInput, chosen: readonly TenantRecord[], jobId: string): Promise<TenantRecord[]> {
  const facilityIds = [...new Set(chosen.map((t) => t.facility_id))];
  const [earlier, elsewhere] = await Promise.all([
    Promise.all(facilityIds.map((id) => getLetterBatch(letterBatchId(jobId, id)))),
    claimedElsewhere(input.letter_type, chosen.map((t) => t.id), jobId),
  ]);
  const markedEarlier = new Set(earlier.flatMap((b) => b?.tenant_ids ?? []));
  const kept = chosen.filter((t) => (markedEarlier.has(t.id) && wasSentLetter(t, input.letter_type))
    || (!elsewhere.has(t.id) && isReadyFor(t, input.letter_type, input.resend)));
  if (kept.length === 0) {
    const letter = `${input.letter_type === 'initial' ? 'an' : 'a'} ${LETTER_TYPE_LABELS[input.letter_type].toLowerCase()} letter`;
    throw new JobRefused(`None of the ${chosen.length} chosen tenants is ready for ${letter} any more (each answered, was sent one or was changed `
      + 'since the letters were asked for); no letter was generated and no tenant was marked.');
  }
  return kept;
}

/** Sets the letter's sent date (or the certificate's e-mailed date) on every tenant not yet carrying it. */
async function markTenants(group: readonly TenantRecord[], emailed: readonly TenantRecord[], input: LetterBatchInput, how: TenantWrite, today: string): Promise<void> {
  const list: { current: TenantRecord; changes: TenantChanges }[] = [];
  for (const t of group) {
    const changes: TenantChanges = emailed.includes(t)
      ? { welcome_certificate_emailed_date: today }
      : { [SENT_FIELD[input.letter_type]]: input.letter_date };
    if (Object.entries(changes).some(([k, v]) => (t as unknown as Record<string, unknown>)[k] !== v)) list.push({ current: t, changes });
  }
  if (list.length > 0) await saveTenants(list, how);
}

/** 'Your plan: $2,000 of coverage for $12.00 per month, effective January 1, 2027.' */
function coverageLineOf({ enrollment }: LetterPage): string {
  const plan = enrollment.plan!;
  const from = enrollment.insurance_effective_date ? `effective ${longDate(enrollment.insurance_effective_date)}` : 'starting when the facility adds it to your account';
  return `Your plan: ${coverageAmount(plan.coverage)} of coverage for ${monthlyPremium(plan.premium)}, ${from}.`;
}

/** The tenants whose address is not suppressed (one BatchGetItem of their addresses). */
async function withoutSuppressedAddress(tenants: readonly TenantRecord[]): Promise<TenantRecord[]> {
  const suppressed = await suppressedAddresses(tenants.map((t) => t.email));
  return tenants.filter((t) => !suppressed.has(emailKeyOf(t.email)));
}

/**
 * A certificate the send stopped (the address returned e-mail after the batch looked it up and marked the
 * tenant): the tenant is no longer marked as e-mailed, nor the letter kept under it, so the tenant is ready
 * for a welcome letter by post, as one whose address was suppressed before the batch (history: why).
 */
async function withdrawCertificate(batch: LetterBatchRecord, tenantId: string, actor: Actor): Promise<void> {
  const current = await getTenant(tenantId);
  if (current?.welcome_certificate_emailed_date) {
    await saveTenants([{ current, changes: { welcome_certificate_emailed_date: null } }], { actor, action: 'welcome_certificate_withdrawn' });
  }
  await forgetTenantLetter(batch, tenantId);
}

/** E-mails the certificates a batch still owes; how many a suppressed address stopped. */
async function emailCertificates(
  batch: LetterBatchRecord, tenants: readonly TenantRecord[], pageOf: (t: TenantRecord) => LetterPage, program: LetterProgram, actor: Actor,
): Promise<number> {
  let stopped = 0;
  let pending = [...batch.emails_pending];
  for (const id of batch.emails_pending) {
    const tenant = tenants.find((t) => t.id === id);
    if (!tenant) continue;
    const page = pageOf(tenant);
    const pdf = await renderWelcomeCertificate(page, program);
    const outcome = await sendCertificateEmail({
      to: tenant.email.trim(), tenantName: fullName(tenant), facilityName: page.facility.account_name || `Facility ${page.facility.facility_number}`,
      programName: program.name, replyTo: program.email, coverageLine: coverageLineOf(page), portal: letterPortal(page, program), pdf, fileName: `certificate-${page.facility.facility_number}-${tenant.unit.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`,
    }, { tenants: [tenant], actor, what: 'Welcome certificate' });
    if (!outcome.sent) {
      stopped += 1;
      await withdrawCertificate(batch, id, actor);
    }
    // A certificate not sent to a suppressed address is struck off too: its history says so, and a retry would skip it again.
    pending = await certificateSent(batch.id, id, pending);
  }
  return stopped;
}

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

async function runSampleLetters({ job, progress }: JobRunContext): Promise<Record<string, unknown>> {
  const input = sampleLettersInput.parse(job.input);
  const program = await currentProgram();
  // The sample tenant placed in the facility (and cycle), read as a batch's tenants are.
  const sampleTenant = { ...SAMPLE_TENANT_WHERE, facility_id: input.facility_id, cycle_id: input.cycle_id ?? '' };
  const ctx = await letterContextOf([sampleTenant]);
  const facility = ctx.facilities.get(input.facility_id);
  if (!facility) throw new JobRefused('The facility of these sample letters no longer exists.');
  const cycle = input.cycle_id ? ctx.cycles.get(input.cycle_id) ?? null : null;
  const coverages = ctx.coverages.get(facility.id)!;
  // The facility or cycle may have changed since the call checked that the letters can name the plan and its start.
  const facts = letterFactsError(letterFactProblems([sampleTenant], ctx, {
    letter_type: 'initial', letter_date: input.letter_date, audit_letter_date: input.audit_letter_date, reminder_letter_date: input.reminder_letter_date,
  }, { dates: false }));
  if (facts) throw new JobRefused(facts.message);
  const pages = MAILED_LETTER_TYPES.map((type) => letterPageOf({
    recipient: SAMPLE_RECIPIENT, enrollment: sampleEnrollment(coverages, cycle?.letter_effective_date ?? facility.letter_effective_date), facility, cycle, coverages,
    choice: {
      letter_type: type, audit_letter_date: input.audit_letter_date, reminder_letter_date: input.reminder_letter_date,
      letter_date: (type === 'initial' ? input.audit_letter_date : type === 'reminder' ? input.reminder_letter_date : null) ?? input.letter_date,
    },
  }));
  const pdfName = letterPdfName(input.file_stem);
  await putLetterFile(pdfName, await renderLetterBatch(pages, program));
  await progress(90);
  const result: LetterJobResult = {
    file_name: pdfName, mail_merge_file_name: null, letter_type: 'sample', tenant_count: 0, letter_count: pages.length, certificates_emailed: 0, tenants_skipped: 0,
  };
  return result;
}

export const letterRunners = (): Record<string, JobRunner> => ({
  'letter-batch': runLetterBatch,
  'sample-letters': runSampleLetters,
});
