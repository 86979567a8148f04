import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { TenantAccountsTab } from '../tenants/TenantAccountsTab';
import { UserAccountsTab } from './UserAccountsTab';

export default function ManageUsersPage() {
  return (
    <ContentLayout header={<Header variant="h1">View User Accounts</Header>}>
      <Tabs
        tabs={[
          { id: 'users', label: 'User Accounts', content: <UserAccountsTab /> },
          { id: 'tenants', label: 'Tenant Accounts', content: <TenantAccountsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
