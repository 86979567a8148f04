/**
 * The one-off access-code migration (functions/tenants/access-code-migration.ts) against the suite's
 * table: tenants stored before the program gave its own codes (an imported gate code, none, a gate code
 * that happens to look like a program code, another tenant's code) each get a new claimed code through
 * the tenant store, the gate code kept nowhere (not even in the history entry); a tenant with its own code is
 * left as it is; a second run changes nothing; a run that stopped resumes from its cursor. Also a removed
 * tenant kept from before the release comes back with a code of its own.
 * "Before the release" is made by saving an old value over a new tenant's code with the tenant store.
 */
import { describe, expect, it } from 'vitest';
import { TEST_WRITE } from './test-write';
import { cycleWithTenants, facilityWith, stem, tenant } from './facility-fixtures';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../shared/access-code';
import { ACCESS_CODE_MIGRATION, migrateAccessCodes } from '../../functions/tenants/access-code-migration';
import type { AccessCodeMigration } from '../../functions/tenants/access-code-migration';
import { findAccessCode } from '../../functions/tenants/access-codes';
import { recoverableRemoval, restoreRemovedTenants } from '../../functions/tenants/removed-tenants';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { getTenants, removeTenantsRecoverably, saveTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';

const OPS = { user_id: 'ops', username: 'ops' };
const PROGRAM_CODE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);

/** Tenants as the release found them: `olds[i]` saved over the code of the i-th (undefined: left with its own). */
async function tenantsBeforeTheRelease(olds: (string | ((others: TenantRecord[]) => string) | undefined)[]): Promise<TenantRecord[]> {
  const facility = await facilityWith(stem());
  const { tenants } = await cycleWithTenants(facility, olds.map((_, i) => tenant(i + 1, null)));
  const saved: TenantRecord[] = [];
  for (const [i, t] of tenants.entries()) {
    const old = olds[i];
    saved.push(old === undefined ? t : await saveTenant(t, { access_code: typeof old === 'function' ? old(tenants) : old }, TEST_WRITE));
  }
  return saved;
}

async function expectOwnCode(before: TenantRecord, after: TenantRecord): Promise<void> {
  expect(after.access_code).toMatch(PROGRAM_CODE);
  expect(after.access_code).not.toBe(before.access_code);
  expect(await findAccessCode(after.access_code)).toEqual({ tenant_id: after.id });
}

describe('npm run access-codes:migrate', () => {
  it('gives each tenant without a code of its own a new claimed one, leaves the others, and a second run changes nothing', async () => {
    const gate = '4321';
    // Digits only, none of them 0 or 1: as a gate code it looks like a program code, but no claim names it.
    const lookAlike = String(Math.floor(22_222_222 + Math.random() * 70_000_000)).replace(/[01]/g, '7');
    const [withGate, withNone, withLookAlike, withOthers, withOwn] = await tenantsBeforeTheRelease([
      gate, '', lookAlike, (others) => others[4]!.access_code, undefined,
    ]);
    const pages: AccessCodeMigration[] = [];
    const result = await migrateAccessCodes(OPS, { onPage: (t) => pages.push({ ...t }) });
    expect(result.skipped).toEqual([]);
    expect(result.cursor).toBeNull();
    expect(result.migrated).toBeGreaterThanOrEqual(4);
    expect(result.scanned).toBe(result.migrated + result.kept);
    expect(pages.at(-1)).toMatchObject({ scanned: result.scanned, migrated: result.migrated, cursor: null });

    const after = await getTenants([withGate, withNone, withLookAlike, withOthers, withOwn].map((t) => t!.id));
    for (const [i, old] of [withGate, withNone, withLookAlike, withOthers].entries()) await expectOwnCode(old!, after[i]!);
    expect(after[4]).toEqual(withOwn);
    expect(new Set(after.map((t) => t.access_code)).size).toBe(5);

    const [entry] = await tenantHistory(withGate!.id);
    expect(entry).toMatchObject({ action: ACCESS_CODE_MIGRATION, by: { username: 'ops' } });
    // The gate code is kept nowhere: the history says the code changed, not what it was.
    expect(entry!.changes).toEqual([{ field: 'access_code', from: null, to: after[0]!.access_code }]);
    expect(JSON.stringify(await tenantHistory(withGate!.id))).not.toContain(`"from":"${gate}"`);

    const again = await migrateAccessCodes(OPS);
    expect(again).toMatchObject({ migrated: 0, skipped: [], kept: again.scanned });
    expect(await getTenants(after.map((t) => t.id))).toEqual(after);
  }, 120_000);

  it('resumes from the cursor a stopped run printed', async () => {
    const [old] = await tenantsBeforeTheRelease(['0427']);
    let cursor: string | null = null;
    // The run stops after its first page (a crash, a Ctrl-C): it has printed where to resume.
    const stopped = migrateAccessCodes(OPS, {
      scanPage: 25,
      onPage: (t) => {
        cursor = t.cursor;
        throw new Error('stopped');
      },
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(cursor).not.toBeNull();
    // The rest of the table in pages of the default size (the suite's table is large: pages of 25 would take long).
    const resumed = await migrateAccessCodes(OPS, { from: cursor });
    const first = await migrateAccessCodes(OPS);
    // Whichever page held the tenant, the two runs left none without a code of its own.
    expect(resumed.cursor).toBeNull();
    expect(first.migrated).toBe(0);
    await expectOwnCode(old!, (await getTenants([old!.id]))[0]!);
  }, 120_000);

  it('refuses a cursor it did not print, changing nothing', async () => {
    await expect(migrateAccessCodes(OPS, { from: 'not-a-cursor' })).rejects.toMatchObject({ status: 422, message: "'not-a-cursor' is not a cursor this migration printed." });
  });
});

describe('restoring a removed tenant', () => {
  it('keeps its own claimed code; one kept with a gate code from before the release comes back with a new claimed one', async () => {
    const [own, old] = await tenantsBeforeTheRelease([undefined, '98765']);
    await removeTenantsRecoverably([own!, old!].map((t) => recoverableRemoval(t, 'moved_out', TEST_WRITE, 'removal-1')), TEST_WRITE);
    expect(await restoreRemovedTenants([own!.id, old!.id], TEST_WRITE)).toBe(2);
    const [back, backOld] = await getTenants([own!.id, old!.id]);
    expect(back!.access_code).toBe(own!.access_code);
    expect(await findAccessCode(back!.access_code)).toEqual({ tenant_id: own!.id });
    await expectOwnCode(old!, backOld!);
  });
});
