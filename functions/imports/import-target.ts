/**
 * Where an import's tenants go and which of them the program already knows (docs/import-formats.md,
 * "Rules"): the facility named by the rows' Prime Site ID, the cycle they join, and each ledger id's
 * standing at that facility. A tenant is identified by its facility and its ledger id:
 *   - 'active': the ledger id is a tenant of a cycle of the facility that is not archived (not imported again);
 *   - 'went_through': it is a tenant only of archived cycles, or an archive took it out of the system and
 *     deleted its tenant (functions/archives/archived-ledgers.ts) (not imported; listed in the duplicates file).
 */
import { createHash } from 'node:crypto';
import { archivedLedgerKeys } from '../archives/archived-ledgers';
import { getCycle, getCyclesWithCounters } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import { getFacility } from '../facilities/facility-store';
import type { FacilityEntry } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import { ledgersOfFacility } from '../tenants/tenant-list';
import { ledgerKey } from './ledger-key';

export type LedgerStanding = 'active' | 'went_through';

export { ledgerKey };
/** Prime Site IDs compare the same way. */
export const siteKey = (primeSiteId: string): string => primeSiteId.trim().toLowerCase();

/**
 * The id an imported tenant gets: the same for the same ledger in the same cycle, so two imports (or a
 * retried one) can never add a ledger to a cycle twice: the second Put fails its condition.
 */
export const importedTenantId = (cycleId: string, ledgerId: string): string =>
  `imp-${createHash('sha256').update(`${cycleId}\u0000${ledgerKey(ledgerId)}`).digest('hex').slice(0, 32)}`;

/** The facility of a cycle's Import Tenants, as a source of the rows' Prime Site ID (prime-site.ts). */
export interface CycleSite { facility_number: string; prime_site_id: string }

/**
 * The cycle's facility and its Prime Site ID ('' when unset): in a cycle's Import Tenants, the site of
 * rows that name none. Null without a cycle, or when the cycle is gone (the job then refuses the import).
 */
export async function cycleSite(cycleId: string | null): Promise<CycleSite | null> {
  const cycle = cycleId ? await getCycle(cycleId) : null;
  const facility = cycle ? await getFacility(cycle.facility_id) : null;
  return facility ? { facility_number: facility.facility_number, prime_site_id: facility.prime_site_id.trim() } : null;
}

/** Facilities still in the program by Prime Site ID (from the catalog: no read per row). */
export async function facilitiesBySite(): Promise<Map<string, FacilityEntry[]>> {
  const bySite = new Map<string, FacilityEntry[]>();
  for (const f of await readCatalog<FacilityEntry>('facilities')) {
    if (f.retired || !f.prime_site_id.trim()) continue;
    const key = siteKey(f.prime_site_id);
    bySite.set(key, [...(bySite.get(key) ?? []), f]);
  }
  return bySite;
}

/**
 * Each ledger id the facility knows: 'active' when one of its tenants is in a cycle that is not archived,
 * else 'went_through' (its tenants are all in archived cycles, or an archive deleted them).
 */
export async function ledgerStandings(facilityId: string): Promise<Map<string, LedgerStanding>> {
  const [tenants, archived] = await Promise.all([ledgersOfFacility(facilityId), archivedLedgerKeys(facilityId)]);
  const cycles = new Map<string, CycleRecord>(
    (await getCyclesWithCounters([...new Set(tenants.map((t) => t.cycle_id))])).map(({ cycle }) => [cycle.id, cycle]),
  );
  const standings = new Map<string, LedgerStanding>();
  for (const t of tenants) {
    const key = ledgerKey(t.ledger_id);
    if (!key) continue;
    const archived = Boolean(cycles.get(t.cycle_id)?.archived_at);
    if (!archived) standings.set(key, 'active');
    else if (!standings.has(key)) standings.set(key, 'went_through');
  }
  for (const key of archived) if (!standings.has(key)) standings.set(key, 'went_through');
  return standings;
}
