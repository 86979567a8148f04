/**
 * A tenant page (/tenants/{id}, staff; issue 24, "One tenant's whole story"): the record, every letter
 * sent with a link to the tenant's page of the batch PDF, the portal answers and proofs with their
 * review, the notes, the setup and charge events, returned e-mail (issue 26), and the whole history, all in people's words
 * (history-text.ts) from one call (GET /api/tenants/{id}/story). Reached from the tenant lists, Proof
 * Review and the navigation bar's search; Edit opens the staff Edit Tenant modal.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { formatAccessCode } from '../../../shared/access-code';
import type { TenantStory } from '../../../shared/contracts/tenant-story';
import type { HistoryEntry, TenantView } from '../../../shared/contracts/tenants';
import { ApiError, errorText } from '../api/api-error';
import { statusText } from '../manager-audit/tenant-rules';
import { useFollow } from '../shell/follow';
import { useToast } from '../shell/toasts';
import { EditTenantModal } from './EditTenantModal';
import { ReturnedEmail } from './ReturnedEmail';
import { dayText, timeText } from './history-text';
import { TenantHistoryTable } from './TenantHistory';
import { TenantLettersTable } from './TenantLettersTable';
import { TenantPortalAnswers, isPortalAnswer } from './TenantPortalAnswers';
import { fullName, unitsText } from './tenant-format';
import { useTenantStory } from './tenant-story-api';

const NONE = '—';
const day = (wire: string | null) => (wire ? dayText(wire) : NONE);

/** Setup in the facility software and the insurance charge: the events staff look for when a charge is questioned. */
const SETUP_AND_CHARGE_ACTIONS = new Set(['policy_setup', 'policy_setup_failed', 'charge_check', 'charge_confirmed', 'payment_confirmed']);
const SETUP_AND_CHARGE_FIELDS = new Set(['setup_insurance_date', 'setup_via_api', 'api_confirmed', 'charge_applied_date', 'charge_confirmed_date', 'payment_confirmed_date', 'policy_errors_error_message']);
const isSetupOrCharge = (e: HistoryEntry) =>
  SETUP_AND_CHARGE_ACTIONS.has(e.action) || (!isPortalAnswer(e) && e.changes.some((c) => SETUP_AND_CHARGE_FIELDS.has(c.field)));

function addressText(t: TenantView): string {
  const place = [t.city, [t.state, t.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [t.address, place].filter(Boolean).join(', ') || NONE;
}

function RecordPairs({ story }: { story: TenantStory }) {
  const t = story.tenant;
  const setup = t.setup_insurance_date ? `${dayText(t.setup_insurance_date)}${t.setup_via_api ? ' (through the API)' : ''}` : NONE;
  return (
    <KeyValuePairs
      columns={3}
      items={[
        {
          label: 'Status',
          value: (
            <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
              <span data-testid="story-status">{statusText(t.status)}</span>
              {t.tenant_made_selection && <Badge color="blue">T</Badge>}
              {t.tagged_for_removal && <Badge color="red">Tagged for removal</Badge>}
            </SpaceBetween>
          ),
        },
        { label: 'Insurance Effective Date', value: day(t.insurance_effective_date) },
        { label: 'Access Code', value: t.access_code ? formatAccessCode(t.access_code) : NONE },
        { label: 'Unit(s)', value: unitsText(t) },
        { label: 'Email', value: t.email || NONE },
        { label: 'Address', value: addressText(t) },
        { label: 'Ledger ID', value: t.ledger_id || NONE },
        { label: 'Insur Ledger ID', value: t.insur_ledger_id || NONE },
        { label: 'Policy Number', value: t.policy_number || NONE },
        { label: 'Move-In Date', value: day(t.move_in_date) },
        { label: 'Billing Date', value: day(t.billing_date) },
        { label: 'Charge Apply Date', value: day(t.charge_apply_date) },
        { label: 'Charge Applied', value: day(t.charge_applied_date) },
        { label: 'Payment Confirmed Date', value: day(t.payment_confirmed_date) },
        { label: 'Setup Confirmed', value: setup },
        ...(t.policy_errors_error_message
          ? [{ label: 'Last Setup Error', value: `${t.policy_errors_error_message} (${t.policy_errors_date_logged ? timeText(t.policy_errors_date_logged) : NONE})` }]
          : []),
      ]}
    />
  );
}

function Notes({ tenant: t }: { tenant: TenantView }) {
  return (
    <KeyValuePairs
      columns={2}
      items={[
        { label: 'Note', value: t.note ? `${t.note}${t.note_created ? ` (written ${dayText(t.note_created)})` : ''}` : 'No note.' },
        { label: 'Monitor Note', value: t.monitor_note || 'No monitor note.' },
      ]}
    />
  );
}

function Story({ story }: { story: TenantStory }) {
  const follow = useFollow();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const t = story.tenant;
  const listPath = `/tenant-list?facility_number=${encodeURIComponent(t.facility_number)}&cycle_id=${encodeURIComponent(t.cycle_id)}`;
  const facility = `Facility ${story.facility.facility_number}${story.facility.account_name ? ` (${story.facility.account_name})` : ''}`;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          actions={<Button onClick={() => setEditing(true)}>Edit tenant</Button>}
          description={
            <>
              {`Unit ${unitsText(t)} · ${facility} · `}
              <Link href={listPath} onFollow={follow} ariaLabel={`Cycle ${story.cycle?.label ?? t.cycle_label} on the Master Tenants List`}>
                {story.cycle?.label || t.cycle_label || 'Its cycle'}
              </Link>
              {story.cycle?.archived_at ? ' (archived)' : ''}
            </>
          }
        >
          {fullName(t)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ReturnedEmail tenantId={t.id} suppression={story.email_suppression} />
        <Container header={<Header variant="h2">Record</Header>}><RecordPairs story={story} /></Container>
        <TenantLettersTable letters={story.letters} tenantName={fullName(t)} />
        <TenantPortalAnswers history={story.history} proofs={story.proofs} />
        <Container header={<Header variant="h2">Notes</Header>}><Notes tenant={t} /></Container>
        <TenantHistoryTable
          entries={story.history.filter(isSetupOrCharge)}
          header={<Header variant="h2" description="Setup in the facility software and the insurance charge.">Setup and charges</Header>}
          label="Setup and charge events"
          emptyText="No setup or charge events."
        />
        <TenantHistoryTable
          entries={story.history}
          header={<Header variant="h2" counter={`(${story.history.length})`} description="Every recorded change, newest first.">History</Header>}
        />
      </SpaceBetween>
      {editing && (
        <EditTenantModal
          tenant={t}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            toast(`Tenant record was successfully updated for ${fullName(saved)}`);
          }}
        />
      )}
    </ContentLayout>
  );
}

export default function TenantStoryPage() {
  const { tenant_id: id = '' } = useParams();
  const story = useTenantStory(id);
  if (story.isLoading) return <Box textAlign="center" padding="xxl"><Spinner size="large" /></Box>;
  if (story.isError || !story.data) {
    const missing = story.error instanceof ApiError && story.error.status === 404;
    return (
      <ContentLayout header={<Header variant="h1">{missing ? 'Tenant not found' : 'Tenant'}</Header>}>
        <Alert type="error" action={missing ? undefined : <Button onClick={() => void story.refetch()}>Retry</Button>}>{errorText(story.error)}</Alert>
      </ContentLayout>
    );
  }
  return <Story story={story.data} />;
}
