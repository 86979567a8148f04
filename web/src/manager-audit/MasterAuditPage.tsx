/**
 * Master Audit (/master-audit, spec tenants-letters-users §2): the tenants of every cycle of the
 * manager's facility, 100 to a page, each with its cycle (a link to that cycle's audit while active).
 * The sort and page live in the address (useListUrl).
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useAuth } from '../auth/auth-context';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { useListUrl } from '../widgets/use-list-url';
import { TENANT_PAGE_SIZE, useFacilityTenantTable } from './manager-audit-api';
import { NotAnOwnerAlert } from './NotAnOwnerAlert';
import { TenantsEmptyState } from './TenantsEmptyState';
import { masterAuditColumns } from './tenant-columns';

const COLUMNS = masterAuditColumns();
const NO_FILTERS = {};

function MasterAudit({ facilityId }: { facilityId: string }) {
  const url = useListUrl(NO_FILTERS);
  const table = useFacilityTenantTable({
    facilityId,
    table: 'master',
    query: { per_page: TENANT_PAGE_SIZE },
    sortableFields: ['name', 'billing_date', 'charge_apply_date', 'status'],
    place: url.place,
  });
  return (
    <ContentLayout header={<Header variant="h1">Master Audit</Header>}>
      <ServerTableFrame
        table={table}
        title="Tenants"
        description="The tenants of every cycle of your facility. Open a cycle's audit from its badge."
        refreshLabel="Refresh tenants"
        testId="master-audit-table"
        tableProps={{
          columnDefinitions: COLUMNS,
          loadingText: 'Loading tenants',
          ariaLabels: { tableLabel: 'Tenants' },
          empty: <TenantsEmptyState error={table.result.error} onRetry={() => void table.result.refetch()} />,
        }}
      />
    </ContentLayout>
  );
}

export default function MasterAuditPage() {
  const { user } = useAuth();
  return user?.facility_id
    ? <MasterAudit facilityId={user.facility_id} />
    : <ContentLayout header={<Header variant="h1">Master Audit</Header>}><NotAnOwnerAlert /></ContentLayout>;
}
