import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useAuth } from '../auth/auth-context';
import { CycleStatsPanel } from './CycleStatsPanel';
import { ManagerPanel } from './ManagerPanel';
import { MonitorMenu } from './MonitorMenu';

/** Staff (admin or monitor) get the monitor menu; everyone else the manager menu. */
export default function HomePage() {
  const { isStaff } = useAuth();
  return (
    <ContentLayout header={<Header variant="h1">Home</Header>}>
      {isStaff ? (
        <SpaceBetween size="l">
          <MonitorMenu />
          <CycleStatsPanel />
        </SpaceBetween>
      ) : (
        <ManagerPanel />
      )}
    </ContentLayout>
  );
}
