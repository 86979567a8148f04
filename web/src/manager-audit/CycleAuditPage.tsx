/**
 * Cycle Audit (/cycle-audit/{cycle_id}, spec tenants-letters-users §2): the tag card while move-outs
 * can be tagged, the three letter-date cards and the cycle's tenant table, for the manager's own facility.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { errorText } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { CycleDateCards } from './CycleDateCards';
import { CycleTenantsTable } from './CycleTenantsTable';
import { useManagerCycle } from './manager-audit-api';
import { NotAnOwnerAlert } from './NotAnOwnerAlert';
import { TagCard, showsTagCard } from './TagCard';
import { TagTenantsModal } from './TagTenantsModal';

/** The page under its route title, until the cycle's own label can head it. */
const TitledPage = ({ children }: { children: ReactNode }) => <ContentLayout header={<Header variant="h1">Cycle Audit</Header>}>{children}</ContentLayout>;

function CycleAudit({ facilityId, cycleId }: { facilityId: string; cycleId: string }) {
  const cycle = useManagerCycle(cycleId);
  const [tagging, setTagging] = useState(false);
  if (cycle.isLoading) return <TitledPage><Spinner size="large" /></TitledPage>;
  if (cycle.isError || !cycle.data) {
    return (
      <TitledPage>
        <Alert type="error" header="The cycle could not be loaded" action={<Button onClick={() => void cycle.refetch()}>Retry?</Button>}>
          Error! {errorText(cycle.error)}
        </Alert>
      </TitledPage>
    );
  }
  const data = cycle.data;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`Facility ${data.facility_number}${data.account_name ? ` — ${data.account_name}` : ''}`}>
          {data.label || 'Unnamed'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {showsTagCard(data) && <TagCard cycle={data} onProceed={() => setTagging(true)} />}
        <CycleDateCards cycle={data} />
        <CycleTenantsTable facilityId={facilityId} cycleId={cycleId} />
      </SpaceBetween>
      {tagging && <TagTenantsModal facilityId={facilityId} cycleId={cycleId} onClose={() => setTagging(false)} onSaved={() => setTagging(false)} />}
    </ContentLayout>
  );
}

export default function CycleAuditPage() {
  const { user } = useAuth();
  const { cycle_id: cycleId = '' } = useParams();
  if (!user?.facility_id) return <TitledPage><NotAnOwnerAlert /></TitledPage>;
  // A new cycle id starts the page afresh (filters, pages, checked rows).
  return <CycleAudit key={cycleId} facilityId={user.facility_id} cycleId={cycleId} />;
}
