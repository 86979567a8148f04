/**
 * Facilities (/list-facilities, spec §2): tabs Active, Retired, Archives and Stats. Archives belong to a
 * later release, so its tab says so instead of showing an empty table.
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useFollow } from '../shell/follow';
import { ActiveFacilitiesTab } from './ActiveFacilitiesTab';
import { FacilityStatsTab } from './FacilityStatsTab';
import { RetiredFacilitiesTab } from './RetiredFacilitiesTab';

export default function ListFacilitiesPage() {
  const follow = useFollow();
  const [tab, setTab] = useState('active');
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
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          { id: 'active', label: 'Active Facilities', content: <ActiveFacilitiesTab /> },
          { id: 'retired', label: 'Retired Facilities', content: <RetiredFacilitiesTab /> },
          {
            id: 'archives',
            label: 'Archives',
            content: (
              <Alert type="info" header="Facility archives are not available yet.">
                Archived facility exports (and archiving a facility) arrive with a later release of the Audit Letter Program.
              </Alert>
            ),
          },
          { id: 'stats', label: 'Stats', content: <FacilityStatsTab /> },
        ]}
      />
    </ContentLayout>
  );
}
