/** View User Accounts (/manage-users): the tabs User Accounts and Tenant Accounts; the open tab is kept in the address. */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { TenantAccountsTab } from '../tenants/TenantAccountsTab';
import { choiceParam } from '../widgets/list-url';
import { useUrlValue } from '../widgets/use-list-url';
import { UserAccountsTab } from './UserAccountsTab';

const TABS = ['users', 'tenants'] as const;
const TAB_PARAM = choiceParam<(typeof TABS)[number]>('tab', TABS, 'users');

export default function ManageUsersPage() {
  const [tab, setTab] = useUrlValue(TAB_PARAM);
  return (
    <ContentLayout header={<Header variant="h1">View User Accounts</Header>}>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as typeof tab)}
        tabs={[
          { id: 'users', label: 'User Accounts', content: <UserAccountsTab /> },
          { id: 'tenants', label: 'Tenant Accounts', content: <TenantAccountsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
