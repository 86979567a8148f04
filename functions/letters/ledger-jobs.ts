/**
 * The ledger-checks jobs (docs/decisions.md "Letters: removing ineligible tenants safely"):
 *   - sync: every tenant of the scope updated from its ledger, facility by facility;
 *   - preview: every tenant of the scope asked about, the ineligible ones written to a preview file in
 *     the exports bucket (temporary/, 7 days) with the counts on the job's result; nothing changes;
 *   - removal: exactly the preview's tenants removed, recoverably, provided none of them changed since.
 * The facility software is asked one facility at a time in calls of 200 (SiteLink) or 100 (StorEdge)
 * ledgers, so a state of thousands of tenants is a few hundred calls inside the worker's 15 minutes.
 */
import { INELIGIBILITY_REASONS, PREVIEW_VALID_MINUTES, removalLimit } from '../../shared/contracts/ledger-checks';
import type { IneligiblePreview, Ineligibility, SyncResult } from '../../shared/contracts/ledger-checks';
import { getFacility } from '../facilities/facility-store';
import { JobRefused } from '../jobs/job-refused';
import { programToday } from '../program/program-settings';
import { HttpError } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import type { JobRunContext, JobRunner } from '../runtime/worker';
import { ledgerKey } from '../imports/import-target';
import { recoverableRemoval } from '../tenants/removed-tenants';
import { getTenants, removeTenantsRecoverably, saveTenants } from '../tenants/tenant-store';
import type { TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { askSoftware, askable, ineligibilityOf, removalAction, syncChangesOf, tenantsToCheck } from './ledger-checks';
import { ledgerScopeInput, removalInput } from './ledger-job-types';
import { previewOf, readPreviewRows, writePreviewRows } from './ledger-preview';
import type { PreviewRow } from './ledger-preview';
import type { LedgerScopeInput } from './ledger-job-types';

const nameOf = (t: TenantRecord) => [t.first_name, t.last_name].filter(Boolean).join(' ');
const byName = (a: PreviewRow, b: PreviewRow) =>
  a.facility_number.localeCompare(b.facility_number, 'en', { numeric: true }) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Each facility of the scope in turn: its askable tenants and their ledgers' states, with progress. */
async function eachFacility(
  ctx: JobRunContext, input: LedgerScopeInput,
  visit: (f: LedgerScopeInput['facilities'][number], tenants: TenantRecord[], today: string) => Promise<void>,
): Promise<number> {
  const today = await programToday();
  let checked = 0;
  for (const [i, f] of input.facilities.entries()) {
    const tenants = (await tenantsToCheck(f)).filter(askable);
    await visit(f, tenants, today);
    checked += tenants.length;
    await ctx.progress(((i + 1) / input.facilities.length) * 100, { facilities: i + 1, tenants: checked });
  }
  return checked;
}

async function sync(ctx: JobRunContext): Promise<SyncResult> {
  const input = ledgerScopeInput.parse(ctx.job.input);
  const how: TenantWrite = { actor: input.by, action: 'ledger_sync' };
  let updated = 0;
  const checked = await eachFacility(ctx, input, async (f, tenants, today) => {
    const facility = await getFacility(f.id);
    if (!facility) return;
    const states = await askSoftware(f, tenants, today);
    const changesOf = (list: readonly TenantRecord[]) => list.flatMap((current) => {
      const changes = syncChangesOf(current, states.get(ledgerKey(current.ledger_id)), facility.coverages, f.family, today);
      return Object.keys(changes).length ? [{ current, changes }] : [];
    });
    const list = changesOf(tenants);
    if (!list.length) return;
    try {
      await saveTenants(list, how);
      updated += list.length;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
      // Someone changed one of them meanwhile (all or none: nothing was written): once more from what is stored now.
      const again = changesOf(await getTenants(list.map((c) => c.current.id)));
      await saveTenants(again, how).catch((e: unknown) => {
        throw e instanceof HttpError && e.status === 409 ? new JobRefused(`Tenants of facility ${f.facility_number} kept changing during the sync; nothing of that facility was updated. Sync again.`) : e;
      });
      updated += again.length;
    }
  });
  logger.info('tenant statuses synced', { scope: input.scope, checked, updated });
  return { scope: input.scope, checked, tenants_updated: updated, not_checked: input.not_checked };
}

async function preview(ctx: JobRunContext): Promise<IneligiblePreview> {
  const input = ledgerScopeInput.parse(ctx.job.input);
  const rows: PreviewRow[] = [];
  const checked = await eachFacility(ctx, input, async (f, tenants, today) => {
    const states = await askSoftware(f, tenants, today);
    for (const t of tenants) {
      const reason = ineligibilityOf(t, states.get(ledgerKey(t.ledger_id)), today);
      if (reason) rows.push({ id: t.id, facility_number: t.facility_number, unit: t.unit, name: nameOf(t), ledger_id: t.ledger_id, reason, updated_at: t.updated_at });
    }
  });
  rows.sort(byName);
  await writePreviewRows(ctx.job.id, rows);
  const limit = removalLimit(checked);
  const byReason = Object.fromEntries(INELIGIBILITY_REASONS.map((r) => [r, rows.filter((row) => row.reason === r).length])) as Record<Ineligibility, number>;
  logger.info('ineligible tenants previewed', { scope: input.scope, checked, removable: rows.length, ...byReason });
  return {
    preview_id: ctx.job.id, scope: input.scope, checked, removable: rows.length, by_reason: byReason,
    limit, over_cap: rows.length > limit, not_checked: input.not_checked, created_at: new Date().toISOString(),
  };
}

const listOf = (names: readonly string[]) => (names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', '));

async function removal(ctx: JobRunContext): Promise<Record<string, unknown>> {
  const input = removalInput.parse(ctx.job.input);
  const summary = await previewOf(input.preview_id);
  if (!summary) throw new JobRefused('The check this removal was confirmed from is gone; check again.');
  // The route refused these already; the worker does not remove on a request it would have refused.
  if (summary.over_cap && !input.allow_over_cap) throw new JobRefused(`This removal is over the cap of ${summary.limit} tenants and was not confirmed over it.`);
  if (Date.now() - Date.parse(summary.created_at) > 2 * PREVIEW_VALID_MINUTES * 60_000) throw new JobRefused('The check this removal was confirmed from is too old; check again.');
  const rows = await readPreviewRows(input.preview_id);
  if (!rows) throw new JobRefused('The list of the check this removal was confirmed from is gone; check again.');
  const current = new Map((await getTenants(rows.map((r) => r.id))).map((t) => [t.id, t]));
  const changed = rows.filter((r) => current.get(r.id)?.updated_at !== r.updated_at);
  const refusal = (n: number, names: readonly string[]) => new JobRefused(
    `${n === 1 ? '1 of the tenants checked' : `${n} of the tenants checked`} changed or left since the check: ${listOf(names)}. Nothing was removed; check again.`,
  );
  if (changed.length) throw refusal(changed.length, changed.map((r) => r.name));
  const now = new Date();
  const list = rows.map((r) => recoverableRemoval(current.get(r.id)!, r.reason, { actor: input.by, action: removalAction(r.reason) }, ctx.job.id, now));
  try {
    await removeTenantsRecoverably(list, { actor: input.by, action: 'ineligible' });
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    const ids = new Set(((err.extra?.details ?? []) as { id: string }[]).map((d) => d.id));
    throw refusal(ids.size || 1, rows.filter((r) => ids.has(r.id)).map((r) => r.name));
  }
  await ctx.progress(100, { tenants: rows.length });
  logger.info('ineligible tenants removed', { scope: summary.scope, preview_id: input.preview_id, removed: rows.length, over_cap: summary.over_cap });
  return { success: true, error_message: null, tenants_removed: rows.length };
}

export const ledgerRunners: Record<'sync' | 'preview' | 'removal', JobRunner> = {
  sync: async (ctx) => ({ ...(await sync(ctx)) }),
  preview: async (ctx) => ({ ...(await preview(ctx)) }),
  removal,
};
