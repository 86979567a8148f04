/**
 * The ledger reports' jobs, run by the ledger-checks worker (it holds the SiteLink and StorEdge clients;
 * the routes are ledger-reports.ts): the SiteLink rent roll of the month to date (ReportingWs RentRoll),
 * or every StorEdge ledger of the facility (GET /v1/{facility}/ledgers, page by page), written as one
 * sheet with exceljs (spreadsheet.ts) to the key the route chose. The columns are named as a facility
 * manager reads a rent roll or a ledger list (docs/decisions.md "Ledger reports"); rows by unit.
 * A failure of the software fails the job at once with the message the page shows.
 */
import { externalEnv } from '../external/secret-settings';
import { SiteLinkClient } from '../external/sitelink-client';
import type { SiteLinkRentRollRow } from '../external/sitelink-client';
import { StorEdgeClient } from '../external/storedge-client';
import type { StorEdgeLedger } from '../external/storedge-client';
import { fromSoftware } from '../letters/ledger-checks';
import type { JobRunContext, JobRunner } from '../runtime/worker';
import type { ExportColumn } from './columns';
import type { LedgerReportJobType } from './export-jobs';
import { ledgerReportJobInput } from './ledger-reports';
import type { LedgerReportJobInput } from './ledger-reports';
import { buildSpreadsheet, putSpreadsheet } from './spreadsheet';

const byUnit = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '', 'en', { numeric: true });

/** SiteLink's rent roll, one row per unit, vacant ones too. */
export const RENT_ROLL_COLUMNS: readonly ExportColumn<SiteLinkRentRollRow>[] = [
  { header: 'Unit', key: 'sUnitName' },
  { header: 'Size', key: 'sSize' },
  { header: 'Unit Type', key: 'sTypeName' },
  { header: 'Status', key: 'bRented', value: (r) => (r.bRented ? 'Rented' : 'Vacant') },
  { header: 'Tenant', key: 'sTenant' },
  { header: 'Company', key: 'sCompany' },
  { header: 'Email', key: 'sEmail' },
  { header: 'Move-In Date', key: 'dLeaseDate', type: 'date' },
  { header: 'Paid Through', key: 'dPaidThru', type: 'date' },
  { header: 'Rent', key: 'dcRent', type: 'number' },
  { header: 'Standard Rate', key: 'dcStdRate', type: 'number' },
  { header: 'Insurance Premium', key: 'dcInsurPremium', type: 'number' },
  { header: 'Ledger ID', key: 'LedgerID' },
  { header: 'Tenant ID', key: 'TenantID' },
];
export const RENT_ROLL_SHEET = 'Rent Roll';

/** A StorEdge ledger with the name of its insurance plan (the facility's invoiceable item). */
export type LedgerReportRow = StorEdgeLedger & { plan_name: string | null };

/** 'moved_out' -> 'Moved Out'. */
const statusLabel = (status: string | null) => (status ? status.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()) : null);

export const LEDGER_REPORT_COLUMNS: readonly ExportColumn<LedgerReportRow>[] = [
  { header: 'Unit', key: 'unit_name' },
  { header: 'Tenant', key: 'tenant_name' },
  { header: 'Status', key: 'status', value: (l) => statusLabel(l.status) },
  { header: 'Move-Out Date', key: 'move_out_date', type: 'date' },
  { header: 'Address', key: 'address', value: (l) => [l.address?.address1, l.address?.address2].filter(Boolean).join(', ') || null },
  { header: 'City', key: 'city', value: (l) => l.address?.city ?? null },
  { header: 'State', key: 'state', value: (l) => l.address?.state ?? null },
  { header: 'Zip Code', key: 'postal_code', value: (l) => l.address?.postal_code ?? null },
  { header: 'Insurance Plan', key: 'plan_name' },
  { header: 'Coverage', key: 'coverage_amount', value: (l) => l.insurance?.coverage_amount ?? null, type: 'number' },
  { header: 'Premium', key: 'amount', value: (l) => l.insurance?.amount ?? null, type: 'number' },
  { header: 'Insurance Start', key: 'start_date', value: (l) => l.insurance?.start_date ?? null, type: 'date' },
  { header: 'Policy Number', key: 'policy_number', value: (l) => l.insurance?.policy_number ?? null },
  { header: 'Ledger ID', key: 'id' },
];
export const LEDGER_REPORT_SHEET = 'Ledgers';

/** Rent roll rows of the month to date, by unit. */
async function rentRollRows(input: LedgerReportJobInput): Promise<SiteLinkRentRollRow[]> {
  const client = SiteLinkClient.fromEnv(await externalEnv('sitelink'));
  const rows = await fromSoftware(input.facility_number, () => client.rentRoll(input.facility_number, { start: input.start, end: input.end }));
  return rows.sort((a, b) => byUnit(a.sUnitName, b.sUnitName));
}

/** Every ledger of the facility, by unit, with its plan's name (an item StorEdge no longer offers shows its id). */
async function ledgerRows(input: LedgerReportJobInput): Promise<LedgerReportRow[]> {
  const client = StorEdgeClient.fromEnv(await externalEnv('storedge'));
  const [ledgers, items] = await fromSoftware(input.facility_number, () => Promise.all([client.allLedgers(input.facility_number), client.insuranceItems(input.facility_number)]));
  const names = new Map(items.map((i) => [i.id, i.name]));
  return ledgers
    .map((l) => ({ ...l, plan_name: l.insurance?.invoiceable_item_id ? names.get(l.insurance.invoiceable_item_id) ?? l.insurance.invoiceable_item_id : null }))
    .sort((a, b) => byUnit(a.unit_name, b.unit_name) || a.id.localeCompare(b.id));
}

/** Progress: 10 started, 40 rows read, up to 90 while written; the worker sets 100 with the result. */
async function writeReport<R>(ctx: JobRunContext, sheet: string, columns: readonly ExportColumn<R>[], load: (input: LedgerReportJobInput) => Promise<R[]>) {
  const input = ledgerReportJobInput.parse(ctx.job.input);
  await ctx.progress(10);
  const rows = await load(input);
  await ctx.progress(40, { rows: rows.length });
  const body = await buildSpreadsheet({ sheet, columns, rows }, async (written, total) => {
    if (total) await ctx.progress(40 + Math.floor((50 * written) / total), { rows: rows.length });
  });
  await putSpreadsheet(input, body);
  return { file_key: input.file_key, filename: input.filename };
}

export const ledgerReportRunners: Record<LedgerReportJobType, JobRunner> = {
  'sitelink-rent-roll-report': (ctx) => writeReport(ctx, RENT_ROLL_SHEET, RENT_ROLL_COLUMNS, rentRollRows),
  'storedge-ledger-report': (ctx) => writeReport(ctx, LEDGER_REPORT_SHEET, LEDGER_REPORT_COLUMNS, ledgerRows),
};
