/**
 * The manager home 'Your facility' (GET /api/managers/facility): the facility's details, one card per
 * cycle with its dates and statistics, and the once-per-session notices. A user who owns no facility
 * is told to contact support instead.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { CycleView } from '../../../shared/contracts/cycles';
import type { ManagerFacility } from '../../../shared/contracts/dashboard';
import { formatPhone } from '../../../shared/format';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { useFollow } from '../shell/follow';
import { formatWireDate } from '../widgets/date-format';
import { ManagerNotices } from './ManagerNotices';
import { ProgramContactText } from '../program-settings/ProgramContact';

/** M/DD/YYYY (spec §9), '--' when the cycle has no such date. */
const dateOrDashes = (wire: string | null) => (wire ? formatWireDate(wire, 'M/dd/yyyy') : '--');

function NotAnOwner() {
  return (
    <Container header={<Header variant="h2">Your facility</Header>}>
      <Alert type="warning" header="You are not set up as a facility owner">
        Your account is not linked to a facility, so there is no facility information to show. Please contact <ProgramContactText /> to be set up.
      </Alert>
    </Container>
  );
}

/** Spec (tenants document): two days before the initial letter date, or said in words when there is none. */
export function moveOutDeadline(cycle: CycleView): string {
  return cycle.move_out_date ? dateOrDashes(cycle.move_out_date) : '2 days before the Audit Letter Date';
}

const withPercent = (count: number, percent: number) => `${count} (${percent}%)`;

function CycleCard({ cycle }: { cycle: CycleView }) {
  const follow = useFollow();
  const s = cycle.stats;
  const name = cycle.label || 'Unnamed';
  return (
    <Container
      data-testid="cycle-card"
      header={
        <Header
          variant="h3"
          counter={`(${cycle.tenant_count} ${cycle.tenant_count === 1 ? 'tenant' : 'tenants'})`}
          actions={
            <Button variant="primary" href={`/cycle-audit/${encodeURIComponent(cycle.id)}`} onFollow={follow} ariaLabel={`Enter Audit for ${name}`}>
              Enter Audit
            </Button>
          }
        >
          {name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {cycle.can_tag_removal && cycle.ready_to_tag && (
          <Alert type="warning">You have until {moveOutDeadline(cycle)} to select any tenants who have moved out.</Alert>
        )}
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Audit Letter Date', value: dateOrDashes(cycle.initial_letter_send_date) },
            { label: 'Reminder Letter Date', value: dateOrDashes(cycle.reminder_letter_send_date) },
            { label: 'Letter Effective Date', value: dateOrDashes(cycle.letter_effective_date) },
            { label: 'Update Responses Deadline Date', value: dateOrDashes(cycle.update_responses_deadline_date) },
            { label: 'Setup Coverage Start', value: dateOrDashes(cycle.setup_coverage_start_date) },
            { label: 'Setup Coverage End', value: dateOrDashes(cycle.setup_coverage_end_date) },
            { label: 'Monitor for Payment Start', value: dateOrDashes(cycle.monitor_payment_start_date) },
            { label: 'Monitor for Payment End', value: dateOrDashes(cycle.monitor_payment_end_date) },
          ]}
        />
        <SpaceBetween size="xs">
          <Header variant="h3">Statistics</Header>
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Coverage', value: withPercent(s.selected_coverage, s.selected_coverage_percentage) },
              { label: 'Charge Applied', value: withPercent(s.charge_applied, s.charge_applied_percentage) },
              { label: 'Opted Out', value: withPercent(s.opted_out, s.opted_out_percentage) },
              { label: 'Provided Proof', value: withPercent(s.provided_proof, s.provided_proof_percentage) },
              { label: 'Potential for Coverage', value: withPercent(s.non_responder, s.non_responder_percentage) },
              { label: 'Total Active Tenants', value: s.total },
            ]}
          />
          <Box variant="small">Tenants with a bad address or who have moved out are ignored in these statistics.</Box>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

function FacilityDetails({ facility }: { facility: ManagerFacility }) {
  const follow = useFollow();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Facility ${facility.facility_number}`}
          actions={
            facility.cycles.length > 1 ? (
              <Button href="/master-audit" onFollow={follow}>Master Audit</Button>
            ) : undefined
          }
        >
          Your facility
        </Header>
      }
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Account Name', value: facility.account_name || '--' },
            { label: 'Address', value: facility.address || '--' },
            { label: 'City', value: facility.city || '--' },
            { label: 'State', value: facility.state || '--' },
            { label: 'Zip Code', value: facility.zip_code || '--' },
            { label: 'Phone', value: formatPhone(facility.phone) || '--' },
            { label: 'Email', value: facility.email ? <Link href={`mailto:${facility.email}`}>{facility.email}</Link> : '--' },
            { label: 'Total Tenants In The System', value: facility.stats.tenant_count },
          ]}
        />
        <Box variant="p">
          If any of this information is wrong, please report it to <ProgramContactText />.
        </Box>
        <Box variant="p">Tenants who have moved out can be selected until 2 days before the Audit Letter date.</Box>
      </SpaceBetween>
    </Container>
  );
}

function OwnedFacility({ userId }: { userId: string }) {
  const facility = useQuery({ queryKey: ['manager-facility'], queryFn: () => call('GET /api/managers/facility') });
  if (facility.isLoading) {
    return (
      <Container header={<Header variant="h2">Your facility</Header>}>
        <StatusIndicator type="loading">Loading your facility...</StatusIndicator>
      </Container>
    );
  }
  if (facility.isError || !facility.data) {
    return (
      <Container header={<Header variant="h2">Your facility</Header>}>
        <Alert type="error" header="Your facility could not be loaded" action={<Button onClick={() => void facility.refetch()}>Retry</Button>}>
          {errorText(facility.error)}
        </Alert>
      </Container>
    );
  }
  const data = facility.data;
  return (
    <SpaceBetween size="l">
      <FacilityDetails facility={data} />
      {data.cycles.length === 0 ? (
        <Container header={<Header variant="h2">Cycles</Header>}>
          <Box variant="p">Your facility has no cycles yet.</Box>
        </Container>
      ) : (
        <SpaceBetween size="m">
          <Header variant="h2" counter={`(${data.cycles.length})`}>Cycles</Header>
          <ColumnLayout columns={data.cycles.length > 1 ? 2 : 1}>
            {data.cycles.map((cycle) => <CycleCard key={cycle.id} cycle={cycle} />)}
          </ColumnLayout>
        </SpaceBetween>
      )}
      <ManagerNotices userId={userId} cycles={data.cycles} />
    </SpaceBetween>
  );
}

export function ManagerPanel() {
  const { user } = useAuth();
  return user?.facility_id ? <OwnedFacility userId={user.id} /> : <NotAnOwner />;
}
