/**
 * The ledger reports (spec §7, §8, §9 'ledger reports exist for sitelink and storedge'; the facility
 * detail row's Download SiteLink Rent Roll / Download StorEdge Ledger): GET
 * /api/exports/sitelink-rent-roll-report and /storedge-ledger-report check the facility and its
 * software and queue the report as an export on the ledger-checks queue, whose worker holds the
 * SiteLink and StorEdge clients and writes the workbook (ledger-report-runners.ts); they answer
 * `{ filename, file_key, job_id }` at once, downloaded through GET /api/exports/download. Nothing here
 * loads a client or exceljs: the exports bundle only queues (docs/decisions.md "Ledger reports").
 */
import * as z from 'zod';
import { POLICY_SETUP_CONTRACTS } from '../../shared/contracts/policy-setup';
import { getFacilityByNumber } from '../facilities/facility-store';
import { LEDGER_JOB_TYPES } from '../letters/ledger-job-types';
import { FAMILY_OF_SOFTWARE, labelOfSoftware } from '../letters/ledger-scope';
import type { SoftwareFamily } from '../letters/ledger-scope';
import { programToday } from '../program/program-settings';
import { notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { RouteImpl } from '../runtime/route';
import { enqueueExport, exportJobFile, LEDGER_REPORT_QUEUE } from './export-jobs';
import type { LedgerReportJobType } from './export-jobs';

const YMD = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A report job's input: the file, the facility, and the days a rent roll covers (the first of the month to today). */
export const ledgerReportJobInput = exportJobFile.extend({ facility_number: z.string(), start: YMD, end: YMD });
export type LedgerReportJobInput = z.infer<typeof ledgerReportJobInput>;

interface ReportKind {
  family: SoftwareFamily;
  type: LedgerReportJobType;
  /** What the report is called in messages and in its file name. */
  title: string;
  file: string;
}

export const LEDGER_REPORTS = {
  sitelink: { family: 'sitelink', type: LEDGER_JOB_TYPES.rentRollReport, title: 'SiteLink rent roll', file: 'sitelink_rent_roll' },
  storedge: { family: 'storedge', type: LEDGER_JOB_TYPES.ledgerReport, title: 'StorEdge ledger report', file: 'storedge_ledger' },
} as const satisfies Record<SoftwareFamily, ReportKind>;

function reportRoute(key: 'GET /api/exports/sitelink-rent-roll-report' | 'GET /api/exports/storedge-ledger-report', report: ReportKind): RouteImpl {
  return implement(POLICY_SETUP_CONTRACTS[key], async (input) => {
    const caller = requireCaller(input);
    const number = input.query.facility_number;
    const facility = await getFacilityByNumber(number);
    if (!facility) throw notFound(`Facility ${number} does not exist.`);
    const software = facility.software.trim();
    if (FAMILY_OF_SOFTWARE[software] !== report.family) {
      throw unprocessable(`Facility ${facility.facility_number} ${software ? `uses ${labelOfSoftware(software)}` : 'has no software set'}: it has no ${report.title}.`, 'facility_number');
    }
    const today = await programToday();
    const queued = await enqueueExport({
      type: report.type, queue: LEDGER_REPORT_QUEUE, owner: { kind: 'staff' }, createdBy: caller.user.id,
      name: `${facility.facility_number}_${report.file}_${today}`,
      input: { facility_number: facility.facility_number, start: `${today.slice(0, 8)}01`, end: today },
    });
    return { body: queued };
  });
}

export const ledgerReportRoutes: Record<string, RouteImpl> = {
  'GET /api/exports/sitelink-rent-roll-report': reportRoute('GET /api/exports/sitelink-rent-roll-report', LEDGER_REPORTS.sitelink),
  'GET /api/exports/storedge-ledger-report': reportRoute('GET /api/exports/storedge-ledger-report', LEDGER_REPORTS.storedge),
};
