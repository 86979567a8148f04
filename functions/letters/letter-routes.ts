/**
 * The Send Letters calls (spec §7 'Letters'): the table and its counts in facility and state mode, the
 * generate calls (they check the request, choose the tenants and queue a job on the letter-generation
 * queue, answering at once) and the download of a letter file. The letter batches list is in
 * letter-batch-routes.ts (its own API group).
 */
import { randomUUID } from 'node:crypto';
import { MAX_BULK_TENANTS } from '../../shared/contracts/tenants';
import { LETTER_CONTRACTS, LETTER_TYPE_LABELS, READY_FILTER, TAGGED_FOR_REMOVAL_WARNING } from '../../shared/contracts/letters';
import type { GenerateLettersQuery, MailedLetterType } from '../../shared/contracts/letters';
import { wasSentLetter } from '../../shared/letter-sent';
import { refuseWhileArchiving } from '../archives/archive-lock';
import { exportExists, presignDownload } from '../exports/presign';
import { safeFilename } from '../exports/export-keys';
import { enqueueJob } from '../jobs/job-store';
import { HttpError, conflict, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller } from '../runtime/route';
import { matchingTenantIds } from '../tenants/tenant-list';
import { isAddressIncomplete } from '../tenants/tenant-record';
import { getTenants } from '../tenants/tenant-store';
import type { TenantRecord } from '../tenants/tenant-store';
import { isCoverageChoice } from '../program/counters';
import { claimTenants, releaseClaims } from './letter-claims';
import { letterFileKey, letterFileStem } from './letter-files';
import { SAMPLE_TENANT_WHERE } from './letter-content';
import type { LetterChoice } from './letter-content';
import { letterContextOf } from './letter-context';
import { letterFactProblems, letterFactsError, tenantLabel } from './letter-facts';
import { calendarDateIn, countOf } from '../../shared/format';
import type { ProgramSettingsView } from '../../shared/contracts/program-settings';
import { requireProgramIdentity } from '../program/program-settings';
import { cyclesOfFacility } from '../cycles/cycle-store';
import { LETTER_JOB_TYPES, LETTER_QUEUE } from './letter-job-type';
import type { LetterBatchInput, SampleLettersInput } from './letter-job-type';
import { countersOfScope, facilityScope, mailingCountsOf, mailingPage, stateFacilities, stateScope } from './mailing-scope';
import type { MailingScope } from './mailing-scope';
import { isReadyFor } from './mailing-rules';


/** Today in the program's time zone: a batch made on a US evening is dated that day, not UTC's tomorrow. */
const todayFor = (settings: ProgramSettingsView) => calendarDateIn(settings.settings.time_zone);

/** 422 when the letters could not be true for these tenants (no default plan, no start date, dates out of order, no own plan). */
async function checkLetterFacts(tenants: Parameters<typeof letterFactProblems>[0], choice: LetterChoice, options?: { dates?: boolean }): Promise<void> {
  const error = letterFactsError(letterFactProblems(tenants, await letterContextOf(tenants), choice, options));
  if (error) throw new HttpError(422, error.message, { field: 'tenants', details: error.details });
}
const describe = (scope: MailingScope) => (scope.kind === 'facility' ? `facility ${scope.facility.facility_number}` : `state ${scope.state}`);

/** The tenants named by the request, each checked against the scope and the letter; or the first 300 ready ones. */
async function chooseTenants(scope: MailingScope, query: GenerateLettersQuery): Promise<TenantRecord[]> {
  if (!query.tenants) {
    const facilities = scope.kind === 'facility' ? [{ id: scope.facility.id }] : scope.facilities;
    const ids: string[] = [];
    for (const f of facilities) {
      if (ids.length >= MAX_BULK_TENANTS) break;
      const listScope = scope.kind === 'facility' && scope.cycleId ? { kind: 'cycle' as const, cycleId: scope.cycleId } : { kind: 'facility' as const, facilityId: f.id };
      ids.push(...(await matchingTenantIds({ scope: listScope, mailing: READY_FILTER[query.letter_type], sort: 'name' })).slice(0, MAX_BULK_TENANTS - ids.length));
    }
    if (ids.length === 0) throw unprocessable(`No tenants of ${describe(scope)} are ready for ${query.letter_type === 'initial' ? 'an' : 'a'} ${LETTER_TYPE_LABELS[query.letter_type]} letter.`);
    return getTenants(ids);
  }
  const tenants = await getTenants(query.tenants);
  if (tenants.length !== query.tenants.length) {
    const known = new Set(tenants.map((t) => t.id));
    const missing = query.tenants.filter((id) => !known.has(id));
    throw new HttpError(404, `${missing.length} of the chosen tenants do not exist (any more). Reload the list and choose again; no letter was generated.`,
      { details: missing.map((id) => ({ id, message: 'No such tenant.' })) });
  }
  refuse(tenants, (t) => !inScope(scope, t), `do not belong to ${describe(scope)}`);
  refuse(tenants, (t) => isAddressIncomplete(t), 'have an incomplete address and cannot be mailed');
  refuse(tenants, (t) => t.status === 'moved_out' || t.status === 'bad_address', 'moved out or have a bad address');
  if (query.letter_type === 'welcome') refuse(tenants, (t) => !isCoverageChoice(t.status), 'have not chosen a coverage plan, so they get no welcome letter');
  if (query.letter_type === 'reminder') refuse(tenants, (t) => !wasSentLetter(t, 'initial'), 'were not sent an audit letter yet, so they get no reminder letter');
  refuse(tenants, (t) => !isReadyFor(t, query.letter_type, true), `have answered already, so they get no ${LETTER_TYPE_LABELS[query.letter_type].toLowerCase()} letter`);
  if (!query.resend) refuseAlreadySent(tenants, query.letter_type);
  return tenants;
}

/** Mailing a tenant a letter it was sent already takes the explicit `resend` (the page asks first). */
function refuseAlreadySent(tenants: readonly TenantRecord[], type: MailedLetterType): void {
  const sent = tenants.filter((t) => wasSentLetter(t, type));
  if (sent.length === 0) return;
  const which = sent.length === 1 ? '1 of the chosen tenants has' : `${sent.length} of the chosen tenants have`;
  throw new HttpError(409, `${which} already been sent ${type === 'initial' ? 'an' : 'a'} ${LETTER_TYPE_LABELS[type].toLowerCase()} letter; no letter was generated. `
    + 'Reload the list; to mail them again on purpose, check them and answer Continue when asked.', {
    field: 'tenants', details: sent.map((t) => ({ id: t.id, message: tenantLabel(t) })),
  });
}

function inScope(scope: MailingScope, t: TenantRecord): boolean {
  if (scope.kind === 'state') return scope.facilities.some((f) => f.id === t.facility_id);
  return t.facility_id === scope.facility.id && (!scope.cycleId || t.cycle_id === scope.cycleId);
}

function refuse(tenants: readonly TenantRecord[], bad: (t: TenantRecord) => boolean, why: string): void {
  const refused = tenants.filter(bad);
  if (refused.length === 0) return;
  const which = refused.length === 1 ? '1 of the chosen tenants' : `${refused.length} of the chosen tenants`;
  throw new HttpError(422, `${which} ${why}; no letter was generated.`, {
    field: 'tenants', details: refused.map((t) => ({ id: t.id, message: tenantLabel(t) })),
  });
}

async function generate(scope: MailingScope, query: GenerateLettersQuery, caller: Caller) {
  // The job would be refused when it starts (functions/archives/archive-lock.ts); a state's batch learns it from the job.
  if (scope.kind === 'facility') await refuseWhileArchiving(scope.facility, scope.cycleId, 'letters');
  const settings = await requireProgramIdentity('letters are generated');
  const counters = await countersOfScope(scope);
  const tagged = counters.tagged_for_removal;
  // The spec's text, and how many: 'some' alone left the user guessing what to look for (issue 24).
  if (tagged > 0) throw conflict(`${TAGGED_FOR_REMOVAL_WARNING} ${countOf(tagged, 'tenant')} ${tagged === 1 ? 'is' : 'are'} tagged.`);
  const tenants = await chooseTenants(scope, query);
  const tenantIds = tenants.map((t) => t.id);
  const letterDate = query.letter_type === 'initial' ? query.audit_letter_date! : query.letter_type === 'reminder' ? query.reminder_letter_date! : todayFor(settings);
  await checkLetterFacts(tenants, {
    letter_type: query.letter_type, letter_date: letterDate, audit_letter_date: query.audit_letter_date ?? null, reminder_letter_date: query.reminder_letter_date ?? null,
  });
  const jobId = randomUUID();
  const fileStem = letterFileStem({ scope: scope.kind === 'facility' ? scope.facility.facility_number : scope.state, letterType: query.letter_type, letterDate, jobId });
  const input: LetterBatchInput = {
    letter_type: query.letter_type, letter_date: letterDate,
    audit_letter_date: query.audit_letter_date ?? null, reminder_letter_date: query.reminder_letter_date ?? null,
    facility_id: scope.kind === 'facility' ? scope.facility.id : null, cycle_id: scope.kind === 'facility' ? scope.cycleId : null,
    state: scope.kind === 'state' ? scope.state : null, tenant_ids: tenantIds, created_by_username: caller.user.username,
    file_stem: fileStem, resend: query.resend ?? false,
  };
  // Each tenant in one batch of the letter at a time: a second call for any of them is refused here (409).
  await claimTenants({
    letterType: query.letter_type, tenantIds, jobId, batch: fileStem, createdBy: caller.user.username, resend: input.resend, named: Boolean(query.tenants),
  });
  await enqueueJob({
    id: jobId, queue: LETTER_QUEUE, type: LETTER_JOB_TYPES.batch, createdBy: caller.user.id,
    facilityId: scope.kind === 'facility' ? scope.facility.id : null, input: { ...input },
  }).catch(async (err: unknown) => {
    await releaseClaims(query.letter_type, tenantIds, jobId);
    throw err;
  });
  return { body: { job_id: jobId, letter_type: query.letter_type, tenant_count: tenantIds.length } };
}

export const letterRoutes = {
  'GET /api/facilities/{id}/tenants-mailing': implement(LETTER_CONTRACTS['GET /api/facilities/{id}/tenants-mailing'], async ({ params, query }) => ({
    body: await mailingPage(await facilityScope(params.id, query.cycle_id), query.filter ?? 'all', query.page ?? 1),
  })),

  'GET /api/facilities/{id}/tenant-mailing-counts': implement(LETTER_CONTRACTS['GET /api/facilities/{id}/tenant-mailing-counts'], async ({ params, query }) => ({
    body: mailingCountsOf(await countersOfScope(await facilityScope(params.id, query.cycle_id))),
  })),

  'GET /api/facilities/{id}/generate-letters': implement(LETTER_CONTRACTS['GET /api/facilities/{id}/generate-letters'], async (input) =>
    generate(await facilityScope(input.params.id, input.query.cycle_id), input.query, requireCaller(input))),

  'GET /api/facilities/{id}/generate-sample-letters': implement(LETTER_CONTRACTS['GET /api/facilities/{id}/generate-sample-letters'], async (input) => {
    const scope = await facilityScope(input.params.id, input.query.cycle_id);
    if (scope.kind !== 'facility') throw notFound();
    const letterDate = todayFor(await requireProgramIdentity('sample letters are generated'));
    // Without a chosen cycle the sample shows the facility's newest open cycle: the dates its letters will carry.
    const cycleId = scope.cycleId ?? (await cyclesOfFacility(scope.facility.id)).at(-1)?.cycle.id ?? null;
    // The sample tenant lives in the facility (and cycle): its letters must be able to name the plan and its start there too.
    const sampleTenant = { ...SAMPLE_TENANT_WHERE, facility_id: scope.facility.id, cycle_id: cycleId ?? '' };
    await checkLetterFacts([sampleTenant], {
      letter_type: 'initial', letter_date: letterDate, audit_letter_date: input.query.audit_letter_date ?? null, reminder_letter_date: input.query.reminder_letter_date ?? null,
    }, { dates: false });
    const jobId = randomUUID();
    const sample: SampleLettersInput = {
      facility_id: scope.facility.id, cycle_id: cycleId, audit_letter_date: input.query.audit_letter_date ?? null,
      reminder_letter_date: input.query.reminder_letter_date ?? null, letter_date: letterDate,
      file_stem: letterFileStem({ scope: scope.facility.facility_number, letterType: 'sample', letterDate, jobId }),
    };
    await enqueueJob({ id: jobId, queue: LETTER_QUEUE, type: LETTER_JOB_TYPES.sample, createdBy: requireCaller(input).user.id, facilityId: scope.facility.id, input: { ...sample } });
    return { body: { job_id: jobId, letter_type: 'sample' as const, tenant_count: 0 } };
  }),

  'GET /api/facilities/download-letters/{file_name}': implement(LETTER_CONTRACTS['GET /api/facilities/download-letters/{file_name}'], async ({ params, query }) => {
    const key = letterFileKey(params.file_name);
    if (!(await exportExists(key))) throw notFound('This letter file does not exist. Generate the letters again.');
    const extension = params.file_name.endsWith('.xlsx') ? '.xlsx' : '.pdf';
    if (query.view && extension !== '.pdf') throw unprocessable('Only a letter PDF can be viewed in the browser; download the mail merge.', 'view');
    return { body: await presignDownload(key, query.output_name ? safeFilename(query.output_name, extension) : params.file_name, undefined, query.view === true) };
  }),

  'GET /api/facilities/state/{state}': implement(LETTER_CONTRACTS['GET /api/facilities/state/{state}'], async ({ params }) => ({
    body: (await stateFacilities(params.state)).map((f) => ({ id: f.id, facility_number: f.facility_number, account_name: f.account_name || null, software: f.software })),
  })),

  'GET /api/facilities/state/{state}/tenants-mailing': implement(LETTER_CONTRACTS['GET /api/facilities/state/{state}/tenants-mailing'], async ({ params, query }) => ({
    body: await mailingPage(await stateScope(params.state), query.filter ?? 'all', query.page ?? 1),
  })),

  'GET /api/facilities/state/{state}/tenant-mailing-counts': implement(LETTER_CONTRACTS['GET /api/facilities/state/{state}/tenant-mailing-counts'], async ({ params }) => ({
    body: mailingCountsOf(await countersOfScope(await stateScope(params.state))),
  })),

  'GET /api/facilities/state/{state}/generate-letters': implement(LETTER_CONTRACTS['GET /api/facilities/state/{state}/generate-letters'], async (input) => {
    if (input.query.cycle_id) throw unprocessable('cycle_id is not used in state mode: a state\'s letters go to its facilities\' tenants.', 'cycle_id');
    return generate(await stateScope(input.params.state), input.query, requireCaller(input));
  }),
};
