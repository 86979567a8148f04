/**
 * Facilities (/list-facilities, spec §2): tabs Active, Retired, Archives and Stats. The Archives tab is
 * loaded when it is first opened (web/src/archives), so the page does not carry it until then. The open
 * tab is kept in the address, as each tab's filters and page are (under its own prefix).
 */
import { Suspense, lazy } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useFollow } from '../shell/follow';
import { ActiveFacilitiesTab } from './ActiveFacilitiesTab';
import { FacilityStatsTab } from './FacilityStatsTab';
import { RetiredFacilitiesTab } from './RetiredFacilitiesTab';
import { PageLoading } from '../shell/PageLoading';
import { choiceParam } from '../widgets/list-url';
import { useUrlValue } from '../widgets/use-list-url';

const ArchivesTab = lazy(() => import('../archives/ArchivesTab'));

const TABS = ['active', 'retired', 'archives', 'stats'] as const;
const TAB_PARAM = choiceParam<(typeof TABS)[number]>('tab', TABS, 'active');

export default function ListFacilitiesPage() {
  const follow = useFollow();
  const [tab, setTab] = useUrlValue(TAB_PARAM);
  return (
    <ContentLayout
      header={
        <Header variant="h1" actions={<Button variant="primary" iconName="add-plus" href="/add-facility" onFollow={follow}>Add Facility</Button>}>
          Facilities
        </Header>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as typeof tab)}
        tabs={[
          { id: 'active', label: 'Active Facilities', content: <ActiveFacilitiesTab /> },
          { id: 'retired', label: 'Retired Facilities', content: <RetiredFacilitiesTab /> },
          {
            id: 'archives',
            label: 'Archives',
            content: (
              <Suspense fallback={<PageLoading />}>
                <ArchivesTab />
              </Suspense>
            ),
          },
          { id: 'stats', label: 'Stats', content: <FacilityStatsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
