/**
 * The Check Charges job (ledger-checks queue; docs/decisions.md "Check Charges"): the facility's
 * tenants whose charge is to be checked (charge-confirmation.ts) are asked of its software in calls of
 * 200 (SiteLink) or 100 (StorEdge) ledgers, while their full records are read, and each whose ledger
 * carries insurance is confirmed through the tenant store (history action `charge_check`, counters and
 * catalog), CONFIRMATIONS_PER_WRITE tenants a call, each call all or none. A failure of the software
 * fails the job at once with the message the modal shows ('SiteLink could not be reached: ...');
 * nothing is written then. The result is `{confirmed_count, confirmed}` (shared/contracts/policy-setup.ts).
 */
import type { ConfirmedCharge } from '../../shared/contracts/policy-setup';
import { getFacility } from '../facilities/facility-store';
import { ledgerKey } from '../imports/import-target';
import { JobRefused } from '../jobs/job-refused';
import { askSoftware, askable, slimTenantsToCheck } from '../letters/ledger-checks';
import type { LedgerState } from '../letters/ledger-checks';
import { chargeCheckInput } from '../letters/ledger-job-types';
import { isCoverageChoice } from '../program/counters';
import { programToday } from '../program/program-settings';
import { HttpError } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { recordMetric } from '../runtime/metrics';
import type { JobRunner } from '../runtime/worker';
import { getTenants, saveTenants } from '../tenants/tenant-store';
import type { TenantChanges, TenantRecord, TenantWrite } from '../tenants/tenant-store';
import { byUnit, confirmationOf, confirmedChargeOf, isChargeCandidate } from './charge-confirmation';

/**
 * Tenants per saveTenants call: all or none within it (the store splits it into transactions of ~48),
 * so a tenant someone edits meanwhile costs a re-read of these, not of the facility.
 */
export const CONFIRMATIONS_PER_WRITE = 240;
/**
 * The result's rows, as JSON, stay under this: the job's record is one DynamoDB item (400 KB), and a
 * row is about 200 bytes, so some 1,500 rows are listed and a facility that confirms more lists the first.
 */
export const RESULT_ROWS_BYTES = 300_000;

type Confirmation = { current: TenantRecord; changes: TenantChanges };

const confirmationsOf = (tenants: readonly TenantRecord[], states: Map<string, LedgerState>, today: string): Confirmation[] =>
  tenants.flatMap((current) => {
    const changes = confirmationOf(current, states.get(ledgerKey(current.ledger_id)), today);
    return changes ? [{ current, changes }] : [];
  });

/** Saves one slice; a tenant changed meanwhile: the slice is read again and what still holds is saved. */
async function confirm(list: readonly Confirmation[], states: Map<string, LedgerState>, today: string, how: TenantWrite, facilityNumber: string): Promise<TenantRecord[]> {
  try {
    return await saveTenants(list, how);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    const again = confirmationsOf(await getTenants(list.map((c) => c.current.id)), states, today);
    return saveTenants(again, how).catch((e: unknown) => {
      throw e instanceof HttpError && e.status === 409
        ? new JobRefused(`Tenants of facility ${facilityNumber} kept changing during the check; check the charges again.`)
        : e;
    });
  }
}

/** The rows by unit, as many as the job's record holds. */
export function resultOf(confirmed: readonly ConfirmedCharge[]): { confirmed_count: number; confirmed: ConfirmedCharge[] } {
  const rows = [...confirmed].sort(byUnit);
  let bytes = 0;
  const kept = rows.findIndex((row) => (bytes += JSON.stringify(row).length + 1) > RESULT_ROWS_BYTES);
  return { confirmed_count: rows.length, confirmed: kept === -1 ? rows : rows.slice(0, kept) };
}

export const chargeCheckRunner: JobRunner = async (ctx) => {
  const input = chargeCheckInput.parse(ctx.job.input);
  const facility = await getFacility(input.facility_id);
  if (!facility) throw new JobRefused(`Facility ${input.facility_number} no longer exists.`);
  const today = await programToday();
  const scope = { id: facility.id, facility_number: facility.facility_number, family: input.family, cycle_id: null };
  // The facility's index has each tenant's status and ledger: the software is asked while the full records are read.
  const chose = (await slimTenantsToCheck(scope)).filter((t) => isCoverageChoice(t.status) && askable(t));
  await ctx.progress(10, { tenants: chose.length });
  const [records, states] = await Promise.all([getTenants(chose.map((t) => t.id)), askSoftware(scope, chose, today)]);
  const tenants = records.filter((t) => isChargeCandidate(t) && askable(t));
  const list = confirmationsOf(tenants, states, today);
  await ctx.progress(50, { tenants: tenants.length, confirmed: 0 });

  const how: TenantWrite = { actor: input.by, action: 'charge_check' };
  const confirmed: ConfirmedCharge[] = [];
  for (let i = 0; i < list.length; i += CONFIRMATIONS_PER_WRITE) {
    const saved = await confirm(list.slice(i, i + CONFIRMATIONS_PER_WRITE), states, today, how, facility.facility_number);
    confirmed.push(...saved.map(confirmedChargeOf));
    await ctx.progress(50 + (45 * Math.min(list.length, i + CONFIRMATIONS_PER_WRITE)) / list.length, { tenants: tenants.length, confirmed: confirmed.length });
  }
  logger.info('charges checked', { facility_number: facility.facility_number, checked: tenants.length, confirmed: confirmed.length });
  recordMetric('ChargeChecksConfirmed', confirmed.length);
  return resultOf(confirmed);
};
