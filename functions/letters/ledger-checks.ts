/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec tenants-letters-users §2 Send Letters, §7
 * 'Letters', §8): the Send Letters page names the ledgers of the tenants in its table; the facility's
 * software (SiteLink or StorEdge) says what became of each ledger, and the tenants follow. What
 * 'ineligible' means and what a sync writes are in docs/decisions.md "Letters: ineligible tenants and
 * status sync". Every change goes through the tenant store (counters, catalog, history).
 *
 * A call is refused with a 4xx, before SiteLink or StorEdge is asked and with nothing changed, when the
 * facility is unknown or retired, runs another software than the one named or one without an API, or
 * when a ledger id is not a tenant of the facility's open cycles. A failure of the software itself is
 * the answer fetch-from-api gives (502, 503 not configured, 404 facility unknown to it).
 */
import type { CoverageOption } from '../../shared/contracts/program';
import { coverageIdOf, coveragesWithIds } from '../../shared/coverage-ids';
import { importSoftwareLabel, isImportSoftware } from '../../shared/import-software';
import { cyclesOfFacility } from '../cycles/cycle-store';
import { getFacilityByNumber } from '../facilities/facility-store';
import type { FacilityRecord } from '../facilities/facility-store';
import { ExternalSystemError, toHttpError } from '../external/errors';
import { externalEnv } from '../external/secret-settings';
import { SiteLinkClient } from '../external/sitelink-client';
import type { SiteLinkLedgerStatus } from '../external/sitelink-client';
import { StorEdgeClient } from '../external/storedge-client';
import type { StorEdgeLedger } from '../external/storedge-client';
import { ledgerKey } from '../imports/import-target';
import { isCoverageChoice } from '../program/counters';
import { HttpError, notFound, unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import type { Caller } from '../runtime/route';
import { statusChanges, writeBy } from '../tenants/tenant-changes';
import { ledgersOfFacility } from '../tenants/tenant-list';
import { deleteTenants, getTenants, saveTenants } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord } from '../tenants/tenant-store';

/** What both calls send (shared/contracts/letters.ts ledgerCheckBody). */
export interface LedgerCheckRequest {
  ledger_ids: readonly string[];
  software: string;
  facility_number: string;
}

export type SoftwareFamily = 'sitelink' | 'storedge';

/** The facility software whose ledgers can be asked through an API, and the family that answers. */
const FAMILY_OF_SOFTWARE: Readonly<Record<string, SoftwareFamily>> = { sitelink_web: 'sitelink', sitelink_alp: 'sitelink', storedge: 'storedge' };
const FAMILY_LABELS: Readonly<Record<SoftwareFamily, string>> = { sitelink: 'SiteLink', storedge: 'StorEdge' };

const labelOfSoftware = (software: string): string =>
  isImportSoftware(software) ? importSoftwareLabel(software) : software in FAMILY_LABELS ? FAMILY_LABELS[software as SoftwareFamily] : software;

/** A ledger as the facility software reports it, in the program's terms; null fields were blank there. */
export interface LedgerState {
  ledgerId: string;
  /** YYYY-MM-DD when the ledger is closed (a later date is a scheduled move-out, not yet one). */
  movedOutOn: string | null;
  unit: string | null;
  /** The address on the ledger, only when complete (street, city, state and zip). */
  address: { address: string; city: string; state: string; zip_code: string } | null;
  /** The insurance the ledger carries through the facility's own plans. */
  plan: { softwareId: string | null; coverage: number | null; premium: number | null } | null;
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
    plan: row.InsurCoverageID ? { softwareId: row.InsurCoverageID, coverage: row.dcCoverage, premium: row.dcPremium } : null,
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
    plan: insured ? { softwareId: insurance.invoiceable_item_id, coverage: insurance.coverage_amount, premium: insurance.amount } : null,
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
export type Ineligibility = 'not_found' | 'moved_out' | 'insured';

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
    if (tenant.status !== 'moved_out') Object.assign(changes, statusChanges('moved_out', tenant), { move_out_date: state.movedOutOn });
    else if (!tenant.move_out_date) changes.move_out_date = state.movedOutOn;
  } else if (state.plan && tenant.status !== 'moved_out') {
    const option = matchingOption(state.plan, coverages, family);
    const target = option ? coverageIdOf(option) : 'provide_proof';
    if (!(target === 'provide_proof' && isCoverageChoice(tenant.status)) && tenant.status !== target) {
      Object.assign(changes, statusChanges(target, tenant), { tenant_made_selection: false });
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

/** 'L1, L2, L3 and 4 more'. */
const listOf = (ids: readonly string[], max = 10) => (ids.length > max ? `${ids.slice(0, max).join(', ')} and ${ids.length - max} more` : ids.join(', '));

interface LedgerScope {
  facility: FacilityRecord;
  family: SoftwareFamily;
  /** The tenants of the facility's open (not archived) cycles whose ledger was named. */
  tenants: TenantRecord[];
}

/** The facility and its software, checked against what the page sent (nothing asked of any software yet). */
async function facilityAndFamily(request: LedgerCheckRequest): Promise<{ facility: FacilityRecord; family: SoftwareFamily }> {
  const number = request.facility_number.trim();
  const facility = await getFacilityByNumber(number);
  if (!facility) throw notFound(`Facility ${number} does not exist.`);
  if (facility.retired_at) throw unprocessable(`Facility ${facility.facility_number} is retired.`, 'facility_number');
  const sent = request.software.trim().toLowerCase();
  if (!isImportSoftware(sent) && !(sent in FAMILY_LABELS)) {
    throw unprocessable(`No such software as ${request.software.trim()}: software must be one of sitelink_web, sitelink_alp, storedge, syrasoft, easystorage.`, 'software');
  }
  const software = facility.software.trim();
  if (!software) throw unprocessable(`Facility ${facility.facility_number} has no software set; its ledgers cannot be checked through an API.`, 'software');
  const family = FAMILY_OF_SOFTWARE[software];
  if (sent !== software && !(family && sent === family)) {
    throw unprocessable(`Facility ${facility.facility_number} uses ${labelOfSoftware(software)}, not ${labelOfSoftware(sent)}.`, 'software');
  }
  if (!family) throw unprocessable(`Facility ${facility.facility_number} uses ${labelOfSoftware(software)}; its ledgers cannot be checked through an API.`, 'software');
  return { facility, family };
}

/** The facility's tenants of these ledgers, or a 422 naming every ledger id that is not one of them. */
async function ledgerScope(request: LedgerCheckRequest): Promise<LedgerScope> {
  const { facility, family } = await facilityAndFamily(request);
  const [slim, open] = await Promise.all([ledgersOfFacility(facility.id), cyclesOfFacility(facility.id)]);
  const openCycles = new Set(open.map(({ cycle }) => cycle.id));
  const byLedger = new Map<string, string[]>();
  for (const t of slim) {
    const key = ledgerKey(t.ledger_id);
    if (key && openCycles.has(t.cycle_id)) byLedger.set(key, [...(byLedger.get(key) ?? []), t.id]);
  }
  const asked = [...new Map(request.ledger_ids.map((id) => [ledgerKey(id), id.trim()])).entries()];
  const unknown = asked.filter(([key]) => !byLedger.has(key)).map(([, id]) => id);
  if (unknown.length) {
    throw new HttpError(422, `${unknown.length === 1 ? 'This ledger is not a tenant' : `These ${unknown.length} ledgers are not tenants`} of facility ${facility.facility_number}'s open cycles: ${listOf(unknown)}. Nothing was changed.`,
      { field: 'ledger_ids', details: unknown.map((id) => ({ ledger_id: id, message: 'Not a tenant of this facility\'s open cycles.' })) });
  }
  const tenants = await getTenants(asked.flatMap(([key]) => byLedger.get(key)!));
  // Both software calls send the ids comma-separated: such a ledger would be asked as two and found as none.
  const unaskable = [...new Set(tenants.map((t) => t.ledger_id.trim()).filter((id) => id.includes(',')))];
  if (unaskable.length) {
    throw unprocessable(`A ledger id with a comma cannot be checked through ${FAMILY_LABELS[family]}: ${listOf(unaskable)}. Nothing was changed.`, 'ledger_ids');
  }
  return { facility, family, tenants };
}

/** Asks the facility's software about the tenants' ledgers; its failures become the route's answer. */
async function statesOf(scope: LedgerScope, today: string): Promise<Map<string, LedgerState>> {
  const ledgerIds = [...new Map(scope.tenants.map((t) => [ledgerKey(t.ledger_id), t.ledger_id.trim()])).values()];
  const number = scope.facility.facility_number;
  try {
    return await ledgerStates(scope.family, number, ledgerIds, today);
  } catch (err) {
    if (!(err instanceof ExternalSystemError)) throw err;
    logger.warn('outside system call failed', { system: err.system, failure: err.failure, detail: err.detail, evidence: err.evidence, facility_number: number });
    throw toHttpError(err, number);
  }
}

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The history action of a removal names why: 'ineligible_moved_out', 'ineligible_not_found', 'ineligible_insured'. */
export const removalAction = (why: Ineligibility): string => `ineligible_${why}`;

/**
 * Removes the named tenants whose ledger is ineligible, one tenant-store delete per reason (so each
 * tenant's final history entry says why). Answers how many were removed.
 */
export async function removeIneligible(request: LedgerCheckRequest, caller: Caller): Promise<number> {
  const today = todayUtc();
  const scope = await ledgerScope(request);
  const states = await statesOf(scope, today);
  const byReason = new Map<Ineligibility, TenantRecord[]>();
  for (const t of scope.tenants) {
    const why = ineligibilityOf(t, states.get(ledgerKey(t.ledger_id)), today);
    if (why) byReason.set(why, [...(byReason.get(why) ?? []), t]);
  }
  let removed = 0;
  for (const [why, tenants] of byReason) {
    try {
      await deleteTenants(tenants, writeBy(caller, removalAction(why)));
    } catch (err) {
      // An earlier reason's tenants are gone already; say so instead of the store's 'nothing was changed'.
      if (err instanceof HttpError && err.status === 409 && removed > 0) {
        throw new HttpError(409, `${removed} ineligible tenants were removed, but others were changed by someone else meanwhile. Reload and try again.`, err.extra);
      }
      throw err;
    }
    removed += tenants.length;
  }
  logger.info('ineligible tenants removed', {
    facility_number: scope.facility.facility_number, asked: scope.tenants.length, removed,
    ...Object.fromEntries([...byReason].map(([why, list]) => [why, list.length])),
  });
  return removed;
}

/** Updates the named tenants from their ledgers; only tenants with a stored value that differs are written. Answers how many. */
export async function syncStatuses(request: LedgerCheckRequest, caller: Caller): Promise<number> {
  const today = todayUtc();
  const scope = await ledgerScope(request);
  const states = await statesOf(scope, today);
  const list = scope.tenants.flatMap((current) => {
    const changes = syncChangesOf(current, states.get(ledgerKey(current.ledger_id)), scope.facility.coverages, scope.family, today);
    return Object.keys(changes).length ? [{ current, changes }] : [];
  });
  if (list.length) await saveTenants(list, writeBy(caller, 'ledger_sync'));
  logger.info('tenant statuses synced', { facility_number: scope.facility.facility_number, asked: scope.tenants.length, updated: list.length });
  return list.length;
}
