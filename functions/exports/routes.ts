/**
 * The /api/exports group (spec §7). `GET /api/exports/facilities` queues the facilities list's workbook
 * as a job (functions/exports/facilities-export.ts), `monitor-tenants` and `manager-tenants` the tenant
 * lists' (functions/exports/tenants-export.ts); the archive-exports worker writes them.
 * `GET /api/exports/download` presigns any one-off export the caller may read: staff every export, a
 * manager only its own facility's (the `export` ownership scope of the route table, resolved from the
 * key in functions/exports/download.ts). The SiteLink rent roll and StorEdge ledger reports are queued
 * for the ledger-checks worker, which holds those systems' clients (functions/exports/ledger-reports.ts).
 */
import { EXPORT_CONTRACTS } from '../../shared/contracts/exports';
import type { RouteImpl } from '../runtime/route';
import { downloadRoute } from './download';
import { facilitiesExportRoute } from './facilities-export';
import { ledgerReportRoutes } from './ledger-reports';
import { managerTenantsExportRoute, monitorTenantsExportRoute } from './tenants-export';

export const exportRoutes: Partial<Record<string, RouteImpl>> = {
  'GET /api/exports/download': downloadRoute(EXPORT_CONTRACTS['GET /api/exports/download'], ({ query }) => ({
    file_key: query.file_key,
    filename: query.filename || undefined,
  })),
  'GET /api/exports/facilities': facilitiesExportRoute,
  'GET /api/exports/monitor-tenants': monitorTenantsExportRoute,
  'GET /api/exports/manager-tenants': managerTenantsExportRoute,
  ...ledgerReportRoutes,
};
