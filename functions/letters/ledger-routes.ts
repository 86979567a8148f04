/**
 * The Send Letters page's ledger calls (spec tenants-letters-users §7 'Letters') and the removed
 * tenants' restore, the facility-software API group (docs/decisions.md "Letters: removing ineligible
 * tenants safely"):
 *   POST /api/tenants/sync-ledger-statuses           the scope's sync, a job
 *   POST /api/tenants/remove-uneligible-ledgers      the scope's removal preview, a job (changes nothing)
 *   GET  /api/tenants/ineligible-previews/{id}       the preview's counts and tenants, 100 a page
 *   POST /api/tenants/ineligible-previews/{id}/remove  the confirmed removal of exactly those tenants, a job
 *   GET  /api/removed-tenants, POST /api/removed-tenants/restore   removed tenants, restorable 30 days
 * Every refusal is a 4xx before anything is queued; what the software answers arrives on the job.
 */
import { randomUUID } from 'node:crypto';
import { LEDGER_CONTRACTS, PREVIEW_VALID_MINUTES } from '../../shared/contracts/ledger-checks';
import type { IneligiblePreview, LedgerScopeBody } from '../../shared/contracts/ledger-checks';
import { claimJob, enqueueJob, getJob } from '../jobs/job-store';
import { HttpError, conflict, notFound } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller } from '../runtime/route';
import { writeBy } from '../tenants/tenant-changes';
import { listRemovedTenants, restoreRemovedTenants } from '../tenants/removed-tenants';
import { resolveScope } from './ledger-scope';
import { CONFIRMED_FIELD, LEDGER_JOB_TYPES, LEDGER_QUEUE } from './ledger-job-types';
import type { LedgerScopeInput, RemovalInput } from './ledger-job-types';
import { previewOf, readPreviewRows } from './ledger-preview';

const PAGE = 100;
const actorOf = (caller: Caller) => writeBy(caller, '').actor;

async function queueCheck(type: string, body: LedgerScopeBody, caller: Caller) {
  const resolved = await resolveScope(body);
  const input: LedgerScopeInput = { scope: resolved.scope, facilities: resolved.facilities, not_checked: resolved.notChecked, by: actorOf(caller) };
  const job = await enqueueJob({
    id: randomUUID(), queue: LEDGER_QUEUE, type, createdBy: caller.user.id,
    facilityId: resolved.facilities.length === 1 && !body.state ? resolved.facilities[0]!.id : null, input: { ...input },
  });
  return { body: { job_id: job.id } };
}

/** The finished preview job `id` of the caller (someone else's, or another kind of job, is not found). */
async function callersPreview(id: string, caller: Caller): Promise<{ summary: IneligiblePreview; confirmed: boolean }> {
  const job = await getJob(id);
  if (!job || job.type !== LEDGER_JOB_TYPES.preview || job.created_by !== caller.user.id) throw notFound('No such removal check.');
  if (job.status === 'failed') throw conflict(`This check failed: ${job.error ?? 'the facility software could not be asked'}. Check again.`);
  const summary = await previewOf(id);
  if (!summary) throw conflict('This check is not finished yet. Wait for it, then confirm.');
  return { summary, confirmed: Boolean((job as unknown as Record<string, unknown>)[CONFIRMED_FIELD]) };
}

const percent = (n: number, of: number) => `${Math.round((n / Math.max(1, of)) * 100)}%`;

export const ledgerRoutes = {
  'POST /api/tenants/sync-ledger-statuses': implement(LEDGER_CONTRACTS['POST /api/tenants/sync-ledger-statuses'], async (input) =>
    queueCheck(LEDGER_JOB_TYPES.sync, input.body, requireCaller(input))),

  'POST /api/tenants/remove-uneligible-ledgers': implement(LEDGER_CONTRACTS['POST /api/tenants/remove-uneligible-ledgers'], async (input) =>
    queueCheck(LEDGER_JOB_TYPES.preview, input.body, requireCaller(input))),

  'GET /api/tenants/ineligible-previews/{id}': implement(LEDGER_CONTRACTS['GET /api/tenants/ineligible-previews/{id}'], async (input) => {
    const { summary } = await callersPreview(input.params.id, requireCaller(input));
    const rows = await readPreviewRows(summary.preview_id);
    if (!rows) throw notFound('The list of this check has expired; check again.');
    const page = input.query.page ?? 1;
    const data = rows.slice((page - 1) * PAGE, page * PAGE).map(({ updated_at: _version, ...row }) => row);
    return {
      body: {
        summary, data,
        pagination: {
          current_page: page, last_page: Math.max(1, Math.ceil(rows.length / PAGE)), per_page: PAGE, total: rows.length,
          from: data.length ? (page - 1) * PAGE + 1 : null, to: data.length ? (page - 1) * PAGE + data.length : null,
        },
      },
    };
  }),

  'POST /api/tenants/ineligible-previews/{id}/remove': implement(LEDGER_CONTRACTS['POST /api/tenants/ineligible-previews/{id}/remove'], async (input) => {
    const caller = requireCaller(input);
    const { summary, confirmed } = await callersPreview(input.params.id, caller);
    if (confirmed) throw conflict('This check was confirmed already: its tenants are being removed or were removed. Check again for more.');
    if (summary.removable === 0) throw conflict(`None of the ${summary.checked} tenants of ${summary.scope} is ineligible; nothing to remove.`);
    if (Date.now() - Date.parse(summary.created_at) > PREVIEW_VALID_MINUTES * 60_000) {
      throw conflict(`This check is more than ${PREVIEW_VALID_MINUTES} minutes old; check again before removing. Nothing was removed.`);
    }
    const allowOverCap = input.body.allow_over_cap === true;
    if (summary.over_cap && !allowOverCap) {
      throw new HttpError(422, `This would remove ${summary.removable} of the ${summary.checked} tenants checked (${percent(summary.removable, summary.checked)}); one removal may take at most ${summary.limit} of them. `
        + 'So many ineligible ledgers usually means the program\'s ledger ids are not the software\'s. Check them, or confirm the removal over the cap. Nothing was removed.', { field: 'allow_over_cap' });
    }
    // Claimed once: a double click or a second tab cannot queue the same removal twice.
    const removalId = randomUUID();
    if (!(await claimJob(summary.preview_id, CONFIRMED_FIELD, removalId))) throw conflict('This check was confirmed already: its tenants are being removed or were removed. Check again for more.');
    const job: RemovalInput = { preview_id: summary.preview_id, allow_over_cap: allowOverCap, by: actorOf(caller) };
    await enqueueJob({ id: removalId, queue: LEDGER_QUEUE, type: LEDGER_JOB_TYPES.removal, createdBy: caller.user.id, input: { ...job } });
    return { body: { job_id: removalId } };
  }),

  'GET /api/removed-tenants': implement(LEDGER_CONTRACTS['GET /api/removed-tenants'], async ({ query }) => ({
    body: await listRemovedTenants({ facilityNumber: query.facility_number, cursor: query.cursor, page: query.page }),
  })),

  'POST /api/removed-tenants/restore': implement(LEDGER_CONTRACTS['POST /api/removed-tenants/restore'], async (input) => ({
    body: { restored: await restoreRemovedTenants(input.body.ids, writeBy(requireCaller(input), 'restored')) },
  })),
};
