/**
 * Cycle Audit's export (GET /api/exports/manager-tenants, the file tenant_list.xlsx): the export job flow
 * of web/src/jobs, with a failure only logged, as the spec says of the manager view's export (§8).
 */
import { ExportButton } from '../jobs/ExportButton';
import { createTenantsExport, downloadTenantsExport } from './manager-audit-api';
import type { FacilityTenantsQuery } from './manager-audit-api';

export function TenantExportButton({ cycleId, filter, disabled }: { cycleId: string; filter: FacilityTenantsQuery['filter']; disabled?: boolean }) {
  return <ExportButton create={() => createTenantsExport(cycleId, filter)} download={downloadTenantsExport} failure="log" disabled={disabled} />;
}
