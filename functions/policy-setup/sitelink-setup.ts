/**
 * One tenant set up in SiteLink (POST /api/tenants/setup-policy): claim the tenant's setup, ask SiteLink
 * about the ledger (InsuranceLedgerStatusByLedgerIDs), and add the coverage (InsuranceCoverageAddToLedger)
 * only when the ledger does not carry it yet. A transient failure of the write is followed by asking the
 * ledger again before writing again (a timeout is no proof the write did not happen). Everything fits
 * in API Gateway's 29 s: calls time out after at most 6 s, and no try starts past 24 s.
 */
import { ENV } from '../../shared/resources';
import { ExternalSystemError } from '../external/errors';
import { externalEnv } from '../external/secret-settings';
import { SiteLinkClient } from '../external/sitelink-client';
import type { SiteLinkLedgerStatus } from '../external/sitelink-client';
import { timeoutFromEnv } from '../external/http';
import type { FacilityRecord } from '../facilities/facility-store';
import { HttpError } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import type { TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { carriedWrite, claimSetup, markWritten, releaseSetup } from './setup-claims';
import { recordOutcomes } from './setup-outcomes';
import type { SetupOutcome } from './setup-outcomes';
import { SOFTWARE_TRIES, backoff, deadlineIn, failureMessage, isTransient, withRetries } from './software-calls';

/** The whole setup of one tenant stays under this (API Gateway answers 504 at 29 s). */
const CALL_BUDGET_MS = 24_000;
/** One SiteLink call at most this long here, whatever EXTERNAL_API_TIMEOUT_MS allows elsewhere. */
const SETUP_CALL_TIMEOUT_MS = 6_000;
/** The claim outlives the call: a crashed call's claim lapses after a minute. */
const LEASE_MS = 60_000;

export interface SiteLinkSetupRequest {
  tenant: TenantRecord;
  facility: FacilityRecord;
  /** The software's coverage id of the tenant's plan. */
  planId: string;
  policyNumber: string;
  startDate: string;
  today: string;
  by: TenantWrite['actor'];
}

/** What the ledger says about this setup: done already, cannot be done, or to write. */
function readLedger(row: SiteLinkLedgerStatus | undefined, r: SiteLinkSetupRequest): SetupOutcome | 'write' {
  const { tenant, facility, planId } = r;
  const ledger = tenant.ledger_id.trim();
  if (!row) return { ok: false, message: `Ledger ${ledger} was not found at facility ${facility.facility_number} in SiteLink.` };
  if (row.InsurCoverageID === planId) {
    return { ok: true, policy_number: row.sPolicyNum ?? r.policyNumber, start_date: row.dInsurStart ?? r.startDate };
  }
  if (row.dMovedOut && row.dMovedOut <= r.today) return { ok: false, message: `Ledger ${ledger} moved out on ${row.dMovedOut} in SiteLink.` };
  if (row.InsurCoverageID) {
    return { ok: false, message: `Ledger ${ledger} already carries SiteLink coverage ${row.InsurCoverageID}, not the chosen plan (${planId}); change it in SiteLink.` };
  }
  if (!row.TenantID || !row.UnitID) return { ok: false, message: `SiteLink gave no TenantID and UnitID for ledger ${ledger}; the coverage cannot be added.` };
  return 'write';
}

async function ask(client: SiteLinkClient, r: SiteLinkSetupRequest): Promise<{ row: SiteLinkLedgerStatus | undefined }> {
  const ledger = r.tenant.ledger_id.trim();
  const rows = await client.ledgerStatuses(r.facility.facility_number, [ledger]);
  return { row: rows.find((row) => row.LedgerID.trim().toLowerCase() === ledger.toLowerCase()) };
}

/** Asks, then writes if needed; a transient failure of the write starts again from asking. */
async function setUpInSiteLink(client: SiteLinkClient, r: SiteLinkSetupRequest, owner: string, callMs: number): Promise<SetupOutcome> {
  const deadline = deadlineIn(CALL_BUDGET_MS);
  for (let round = 1; ; round += 1) {
    const { row } = await withRetries('InsuranceLedgerStatusByLedgerIDs', () => ask(client, r), deadline, callMs);
    const seen = readLedger(row, r);
    if (seen !== 'write') return seen;
    try {
      await client.addInsuranceToLedger(r.facility.facility_number, {
        TenantID: row!.TenantID!, UnitID: row!.UnitID!, InsuranceCoverageID: r.planId, sPolicyNumber: r.policyNumber, dStartDate: r.startDate,
      });
      const sent = { policy_number: r.policyNumber, start_date: r.startDate };
      await markWritten(r.tenant, owner, sent);
      return { ok: true, ...sent };
    } catch (err) {
      if (!isTransient(err) || round >= SOFTWARE_TRIES || !deadline.fits(callMs * 2)) throw err;
      logger.warn('SiteLink coverage write failed; asking the ledger again', { ledger: r.tenant.ledger_id, round, failure: err.failure, detail: err.detail });
      await backoff(round);
    }
  }
}

/**
 * Sets the tenant up (or records that SiteLink has it already) and answers the outcome; a failure is on
 * the tenant as its last error. 409 while another request is setting the same tenant up.
 */
export async function setupSiteLinkTenant(r: SiteLinkSetupRequest): Promise<SetupOutcome> {
  const claim = await claimSetup(r.tenant, r.planId, LEASE_MS);
  if ('held' in claim) throw new HttpError(409, 'This tenant is being set up by another request. Wait a minute and try again.');
  const carried = carriedWrite(claim, r.planId);
  let outcome: SetupOutcome;
  if (carried) {
    // An earlier try had SiteLink take the write and stopped before the tenant was written.
    outcome = { ok: true, ...carried };
  } else {
    try {
      const env = await externalEnv('sitelink');
      const callMs = Math.min(timeoutFromEnv(env), SETUP_CALL_TIMEOUT_MS);
      const client = SiteLinkClient.fromEnv({ ...env, [ENV.externalTimeoutMs]: String(callMs) });
      outcome = await setUpInSiteLink(client, r, claim.owner, callMs);
    } catch (err) {
      if (err instanceof ExternalSystemError && err.failure === 'not_configured') {
        await releaseSetup(r.tenant, claim.owner);
        throw new HttpError(503, 'SiteLink is not configured.');
      }
      logger.warn('SiteLink setup failed', { tenant_id: r.tenant.id, error: err as Error });
      outcome = { ok: false, message: failureMessage(err, r.facility.facility_number) };
    }
  }
  await recordOutcomes('sitelink', [{ tenant: r.tenant, owner: claim.owner, outcome }], r.by, r.today);
  return outcome;
}
