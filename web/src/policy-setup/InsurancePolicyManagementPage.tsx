/**
 * Insurance Policy Management (/insurance-policy-management, spec tenants-letters-users §2): the tabs
 * 'Setup Tenants' (default) and 'List Setup Tenants'. The software, facility and filters of Setup
 * Tenants are kept here, so looking at the other tab does not lose them.
 */
import { useState } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import type { SetupSoftware } from '../../../shared/contracts/policy-setup';
import { useSearchFilters } from '../widgets/use-search-filters';
import type { SetupFacility } from './SetupFacilitySelect';
import { EMPTY_SETUP_DRAFT, SetupTenantsTab, setupFiltersOf } from './SetupTenantsTab';
import { ListSetupTenantsTab } from './ListSetupTenantsTab';

export default function InsurancePolicyManagementPage() {
  const [software, setSoftware] = useState<SetupSoftware | null>(null);
  const [facility, setFacility] = useState<SetupFacility | null>(null);
  const form = useSearchFilters(EMPTY_SETUP_DRAFT, setupFiltersOf);
  const choice = { software, setSoftware, facility, setFacility, form };
  return (
    <ContentLayout header={<Header variant="h1">Insurance Policy Management</Header>}>
      <Tabs
        tabs={[
          { id: 'setup', label: 'Setup Tenants', content: <SetupTenantsTab choice={choice} /> },
          { id: 'set-up', label: 'List Setup Tenants', content: <ListSetupTenantsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
