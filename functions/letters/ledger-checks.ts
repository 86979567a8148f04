/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec tenants-letters-users §2 Send Letters, §7
 * 'Letters', §8): every tenant of the scope the letters would use (a facility's open cycles, one of
 * them, or a state's facilities) has its ledger asked of the facility's software (SiteLink or
 * StorEdge), and the tenants follow. What 'ineligible' means and what a sync writes are in
 * docs/decisions.md "Letters: ineligible tenants and status sync"; the jobs that do it are in
 * ledger-jobs.ts. Every change goes through the tenant store (counters, catalog, history).
 *
 * The calls resolve and check the scope first (ledger-scope.ts). A failure of the software itself fails
 * the job with the message fetch-from-api gives ('SiteLink could not be reached: ...', 'Facility N was
 * not found in SiteLink.').
 */
import type { Ineligibility } from '../../shared/contracts/ledger-checks';
import type { CoverageOption } from '../../shared/contracts/program';
import { coverageIdOf, coveragesWithIds } from '../../shared/coverage-ids';
import { cyclesOfFacility } from '../cycles/cycle-store';
import { ExternalSystemError, toHttpError } from '../external/errors';
import { externalEnv } from '../external/secret-settings';
import { SiteLinkClient } from '../external/sitelink-client';
import type { SiteLinkLedgerStatus } from '../external/sitelink-client';
import { StorEdgeClient } from '../external/storedge-client';
import type { StorEdgeLedger } from '../external/storedge-client';
import { ledgerKey } from '../imports/import-target';
import type { LedgerScopeInput } from './ledger-job-types';
import type { SoftwareFamily } from './ledger-scope';
import { isCoverageChoice } from '../program/counters';
import { JobRefused } from '../jobs/job-refused';
import { logger } from '../runtime/logger';
import { statusChanges } from '../tenants/tenant-changes';
import { ledgersOfFacility } from '../tenants/tenant-list';
import { getTenants } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord } from '../tenants/tenant-store';

/** A ledger as the facility software reports it, in the program's terms; null fields were blank there. */
export interface LedgerState {
  ledgerId: string;
  /** YYYY-MM-DD when the ledger is closed (a later date is a scheduled move-out, not yet one). */
  movedOutOn: string | null;
  unit: string | null;
  /** The address on the ledger, only when complete (street, city, state and zip). */
  address: { address: string; city: string; state: string; zip_code: string } | null;
  /** The insurance the ledger carries through the facility's own plans; startsOn (YYYY-MM-DD) is when its coverage starts. */
  plan: { softwareId: string | null; coverage: number | null; premium: number | null; startsOn: string | null } | null;
}

function addressOf(street: string | null, street2: string | null, city: string | null, state: string | null, zip: string | null): LedgerState['address'] {
  if (!street || !city || !state || !zip) return null;
  return { address: street2 ? `${street}, ${street2}` : street, city, state: state.toUpperCase(), zip_code: zip };
}

export function fromSiteLink(row: SiteLinkLedgerStatus): LedgerState {
  return {
    ledgerId: row.LedgerID,
    movedOutOn: row.dMovedOut,
    unit: row.sUnitName,
    address: addressOf(row.sAddr1, row.sAddr2, row.sCity, row.sRegion, row.sPostalCode),
    plan: row.InsurCoverageID ? { softwareId: row.InsurCoverageID, coverage: row.dcCoverage, premium: row.dcPremium, startsOn: row.dInsurStart } : null,
  };
}

export function fromStorEdge(ledger: StorEdgeLedger, today: string): LedgerState {
  const a = ledger.address;
  const movedOut = ledger.move_out_date ?? (ledger.status?.toLowerCase() === 'moved_out' ? today : null);
  const insurance = ledger.insurance;
  const insured = insurance !== null && (insurance.invoiceable_item_id !== null || insurance.coverage_amount !== null);
  return {
    ledgerId: ledger.id,
    movedOutOn: movedOut,
    unit: ledger.unit_name,
    address: a ? addressOf(a.address1, a.address2, a.city, a.state, a.postal_code) : null,
    plan: insured ? { softwareId: insurance.invoiceable_item_id, coverage: insurance.coverage_amount, premium: insurance.amount, startsOn: insurance.start_date } : null,
  };
}

/** The facility software's state of each ledger it has, keyed by ledgerKey; a ledger it does not have is absent. */
async function ledgerStates(family: SoftwareFamily, facilityNumber: string, ledgerIds: readonly string[], today: string): Promise<Map<string, LedgerState>> {
  const states = family === 'sitelink'
    ? (await SiteLinkClient.fromEnv(await externalEnv('sitelink')).ledgerStatuses(facilityNumber, ledgerIds)).map(fromSiteLink)
    : (await StorEdgeClient.fromEnv(await externalEnv('storedge')).ledgers(facilityNumber, ledgerIds)).map((l) => fromStorEdge(l, today));
  return new Map(states.map((s) => [ledgerKey(s.ledgerId), s]));
}

/** Why a tenant may not get an audit letter, from its ledger's state; null when it may (or is kept). */
export function ineligibilityOf(tenant: TenantRecord, state: LedgerState | undefined, today: string): Ineligibility | null {
  // A tenant whose welcome letter went out is enrolled through the program: its record stays (a sync records a move-out).
  if (tenant.welcome_letter_sent_date) return null;
  if (!state) return 'not_found';
  if (state.movedOutOn && state.movedOutOn <= today) return 'moved_out';
  // Insurance on the ledger of a tenant who chose a plan through the program is that plan, set up: not a reason to leave.
  if (state.plan && !isCoverageChoice(tenant.status)) return 'insured';
  return null;
}

/** The program's coverage option that is the plan on the ledger: by the software's plan id, else by amounts. */
export function matchingOption(plan: NonNullable<LedgerState['plan']>, coverages: readonly CoverageOption[], family: SoftwareFamily): (CoverageOption & { id: string }) | null {
  const options = coveragesWithIds(coverages);
  const idOf = (o: CoverageOption) => (family === 'sitelink' ? o.sitelink_coverage_id : o.storedge_coverage_id)?.trim() || null;
  const byId = plan.softwareId ? options.find((o) => idOf(o) === plan.softwareId) : undefined;
  if (byId) return byId;
  if (plan.coverage === null || plan.premium === null) return null;
  return options.find((o) => o.coverage === plan.coverage && o.premium === plan.premium) ?? null;
}

const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What a sync writes to a tenant from its ledger: only the fields whose stored value differs (an empty
 * object leaves the tenant alone). A ledger the software does not have changes nothing (Remove
 * Ineligible Tenants deals with it); a sync never takes back a move-out nor replaces a chosen plan by
 * 'Provided Proof', and never touches the removal tag.
 */
export function syncChangesOf(tenant: TenantRecord, state: LedgerState | undefined, coverages: readonly CoverageOption[], family: SoftwareFamily, today: string): TenantChanges {
  if (!state) return {};
  const changes: TenantChanges = {};
  const movedOut = state.movedOutOn !== null && state.movedOutOn <= today;
  if (movedOut) {
    if (tenant.status !== 'moved_out') Object.assign(changes, statusChanges('moved_out', tenant, today), { move_out_date: state.movedOutOn });
    else if (!tenant.move_out_date) changes.move_out_date = state.movedOutOn;
  } else if (state.plan && tenant.status !== 'moved_out') {
    const option = matchingOption(state.plan, coverages, family);
    const target = option ? coverageIdOf(option) : 'provide_proof';
    if (!(target === 'provide_proof' && isCoverageChoice(tenant.status)) && tenant.status !== target) {
      Object.assign(changes, statusChanges(target, tenant, today), { tenant_made_selection: false });
      if (target === 'provide_proof') changes.provided_proof_date = tenant.provided_proof_date ?? today;
    }
    if (option) {
      // The plan is on the ledger already: set up, effective from today unless a date is known.
      if (!tenant.setup_insurance_date) changes.setup_insurance_date = today;
      if (!tenant.insurance_effective_date) changes.insurance_effective_date = today;
    }
  }
  const unit = state.unit;
  if (unit && norm(unit) !== norm(tenant.unit) && !tenant.units.some((u) => norm(u) === norm(unit))) {
    changes.unit = unit;
    if (tenant.units.length <= 1) changes.units = [unit];
  }
  const address = state.address;
  if (address && (['address', 'city', 'state', 'zip_code'] as const).some((f) => norm(address[f]) !== norm(tenant[f]))) Object.assign(changes, address);
  const current = tenant as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(current[k] ?? null))) as TenantChanges;
}

/** The tenants of one facility of the scope: those of its open cycles (or of the one cycle), as the facility's index has them (id, ledger, status). */
export async function slimTenantsToCheck(f: LedgerScopeInput['facilities'][number]): Promise<Awaited<ReturnType<typeof ledgersOfFacility>>> {
  const [slim, open] = await Promise.all([ledgersOfFacility(f.id), cyclesOfFacility(f.id)]);
  const cycles = new Set(open.map(({ cycle }) => cycle.id).filter((id) => f.cycle_id === null || id === f.cycle_id));
  return slim.filter((t) => cycles.has(t.cycle_id));
}

/** The same tenants, full records. */
export async function tenantsToCheck(f: LedgerScopeInput['facilities'][number]): Promise<TenantRecord[]> {
  return getTenants((await slimTenantsToCheck(f)).map((t) => t.id));
}

/**
 * Whether a tenant's ledger can be asked about: it has one, and without a comma (both APIs take the ids
 * comma-separated, so such a ledger would be asked as two and found as none). Others are left alone.
 */
export const askable = (t: Pick<TenantRecord, 'ledger_id'>): boolean => ledgerKey(t.ledger_id) !== '' && !t.ledger_id.includes(',');

/**
 * Asks the facility's software about these tenants' ledgers (in calls of 200 for SiteLink, 100 for
 * StorEdge); a failure of the software refuses the job with the message the page's modal shows.
 */
export async function askSoftware(f: LedgerScopeInput['facilities'][number], tenants: readonly Pick<TenantRecord, 'ledger_id'>[], today: string): Promise<Map<string, LedgerState>> {
  const ledgerIds = [...new Map(tenants.map((t) => [ledgerKey(t.ledger_id), t.ledger_id.trim()])).values()];
  if (ledgerIds.length === 0) return new Map();
  return fromSoftware(f.facility_number, () => ledgerStates(f.family, f.facility_number, ledgerIds, today));
}

/**
 * A call to a facility's software inside a job: its failure refuses the job at once with the message
 * the page shows ('SiteLink could not be reached: ...', 'Facility N was not found in SiteLink.'), the
 * details logged.
 */
export async function fromSoftware<T>(facilityNumber: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ExternalSystemError)) throw err;
    logger.warn('outside system call failed', { system: err.system, failure: err.failure, detail: err.detail, evidence: err.evidence, facility_number: facilityNumber });
    throw new JobRefused(toHttpError(err, facilityNumber).message);
  }
}

/** The history action of a removal names why: 'ineligible_moved_out', 'ineligible_not_found', 'ineligible_insured'. */
export const removalAction = (why: Ineligibility): string => `ineligible_${why}`;
