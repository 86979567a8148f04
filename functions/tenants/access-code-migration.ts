/**
 * The one-off migration to the program's own access codes (docs/decisions.md "Access codes are the
 * program's own"): a tenant stored before the program gave codes holds an imported gate code, or none.
 * Each such tenant gets a new code, claimed in the same transaction as the tenant's save through the
 * tenant store (history action 'access_code_migration'), so a letter printed afterwards never shows a
 * gate code. Run by ops once after the release (localstack/access-codes-migrate.ts).
 *
 * It reads every tenant with a paginated Scan: a one-off ops script over the whole table, never a
 * request path. Idempotent: a tenant whose code is claimed for it is left as it is, so a second run
 * changes nothing, and a run that stopped is finished by running again, or resumed from the cursor
 * it reported after its last page.
 */
import { HttpError } from '../runtime/http-error';
import { claimAccessCode, newAccessCode, tenantsWithClaimedCode } from './access-codes';
import { getTenant, saveTenant, saveTenants, tenantFromItem } from './tenant-store';
import type { Actor, TenantRecord, TenantWrite } from './tenant-store';
import { scanTenantPages } from './tenant-scan';

export const ACCESS_CODE_MIGRATION = 'access_code_migration';

/**
 * Tenants of one cycle saved in one call: 3 actions each and the cycle's and facility's STATS checks make
 * one transaction (92 of 100 actions), so no part is ever undone (an undo would write the gate code back
 * into the history). A refusal retries them one by one.
 */
const SAVE_GROUP = 30;
/** Tries for one tenant: it changed meanwhile, or its new code was taken; an archive lock refuses every try. */
const TENANT_ATTEMPTS = 3;

export interface AccessCodeMigration {
  /** Tenants read. */
  scanned: number;
  /** Tenants given a new code. */
  migrated: number;
  /** Tenants that had their own code already. */
  kept: number;
  /** Tenants left without one this run (an archive holds their facility, say), with why: run again later. */
  skipped: { id: string; reason: string }[];
  /** Where the next page starts (null: the table was read to its end); `from` of a resumed run. */
  cursor: string | null;
}

const newCode = (t: TenantRecord) => {
  const code = newAccessCode();
  return { current: t, changes: { access_code: code }, alongside: [claimAccessCode(code, t.id)] };
};

/** One tenant again, as stored now: it may have changed, got its code meanwhile, or gone. */
async function migrateOne(id: string, how: TenantWrite): Promise<'migrated' | 'kept' | 'gone' | { reason: string }> {
  let reason = '';
  for (let attempt = 0; attempt < TENANT_ATTEMPTS; attempt += 1) {
    const current = await getTenant(id);
    if (!current) return 'gone';
    if ((await tenantsWithClaimedCode([current])).has(id)) return 'kept';
    const { changes, alongside } = newCode(current);
    try {
      await saveTenant(current, changes, how, { alongside });
      return 'migrated';
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
      reason = err.message;
    }
  }
  return { reason };
}

/** Gives the tenants of one page that have no program code of their own a new one; adds to `totals`. */
async function migratePage(tenants: readonly TenantRecord[], how: TenantWrite, totals: AccessCodeMigration): Promise<void> {
  const own = await tenantsWithClaimedCode(tenants);
  totals.scanned += tenants.length;
  totals.kept += own.size;
  const byCycle = new Map<string, TenantRecord[]>();
  for (const t of tenants.filter((x) => !own.has(x.id))) {
    const list = byCycle.get(t.cycle_id) ?? [];
    list.push(t);
    byCycle.set(t.cycle_id, list);
  }
  const groups = [...byCycle.values()].flatMap((list) => Array.from({ length: Math.ceil(list.length / SAVE_GROUP) }, (_, i) => list.slice(i * SAVE_GROUP, (i + 1) * SAVE_GROUP)));
  for (const group of groups) {
    try {
      await saveTenants(group.map(newCode), how);
      totals.migrated += group.length;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409)) throw err;
      // Someone changed one of them meanwhile, an archive holds one, or a new code was taken: nothing of the group was saved.
      for (const t of group) {
        const outcome = await migrateOne(t.id, how);
        if (outcome === 'migrated') totals.migrated += 1;
        else if (outcome === 'kept') totals.kept += 1;
        else if (outcome !== 'gone') totals.skipped.push({ id: t.id, reason: outcome.reason });
      }
    }
  }
}

/**
 * Reads every tenant (from `from`, a cursor of an earlier run) and gives each one without a program code
 * of its own a new one. `onPage` hears the totals after each page (the script prints them and the cursor).
 */
export async function migrateAccessCodes(
  actor: Actor, options: { from?: string | null; onPage?: (totals: Readonly<AccessCodeMigration>) => void; scanPage?: number } = {},
): Promise<AccessCodeMigration> {
  // The old value is a gate code: the history entry says the code changed, not what it was.
  const how: TenantWrite = { actor, action: ACCESS_CODE_MIGRATION, forget: ['access_code'] };
  const totals: AccessCodeMigration = { scanned: 0, migrated: 0, kept: 0, skipped: [], cursor: null };
  await scanTenantPages(options, async (items, cursor) => {
    await migratePage(items.map(tenantFromItem), how, totals);
    totals.cursor = cursor;
    options.onPage?.(totals);
  });
  return totals;
}
