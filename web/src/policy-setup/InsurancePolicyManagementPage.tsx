/**
 * Insurance Policy Management (/insurance-policy-management, spec tenants-letters-users §2): the tabs
 * 'Setup Tenants' (default) and 'List Setup Tenants'. The open tab and each tab's choices, filters and
 * page live in the address (useListUrl), so looking at the other tab, Back and reload lose none of them.
 */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { choiceParam } from '../widgets/list-url';
import { useUrlValue } from '../widgets/use-list-url';
import { SetupTenantsTab } from './SetupTenantsTab';
import { ListSetupTenantsTab } from './ListSetupTenantsTab';

const TABS = ['setup', 'set-up'] as const;
const TAB_PARAM = choiceParam<(typeof TABS)[number]>('tab', TABS, 'setup');

export default function InsurancePolicyManagementPage() {
  const [tab, setTab] = useUrlValue(TAB_PARAM);
  return (
    <ContentLayout header={<Header variant="h1">Insurance Policy Management</Header>}>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as typeof tab)}
        tabs={[
          { id: 'setup', label: 'Setup Tenants', content: <SetupTenantsTab /> },
          { id: 'set-up', label: 'List Setup Tenants', content: <ListSetupTenantsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
