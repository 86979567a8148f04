/**
 * The Send Letters table's columns (spec §2): the tenant, its flags (tagged for removal, status, e-mail)
 * and a sent check for each letter. State mode adds the facility number.
 */
import Badge from '@cloudscape-design/components/badge';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TenantView } from '../../../shared/contracts/tenants';
import { statusLabel, tenantName, unitsText, welcomeLetterText } from '../tenants/tenant-format';
import { TenantNameCell } from '../tenants/TenantPageLink';
import { formatWireDate } from '../widgets/date-format';
import { TruncatedText } from '../widgets/TruncatedText';
import { letterSentState } from './letter-format';

type Column = TableProps.ColumnDefinition<TenantView>;

const shown = (wire: string) => formatWireDate(wire, 'M/dd/yyyy');

/** A check once the letter counts as sent; a pending mark while its date is still ahead. */
function LetterSentCell({ date, letter }: { date: string | null; letter: string }) {
  const state = letterSentState(date);
  if (!state || !date) return null;
  if (state === 'pending') return <StatusIndicator type="pending">{`To be mailed ${shown(date)}`}</StatusIndicator>;
  return <StatusIndicator type="success" iconAriaLabel={`${letter} sent`}>{shown(date)}</StatusIndicator>;
}

/** Mailed, certificate e-mailed, or both (the master list's welcome letter text), with a check. */
function WelcomeCell({ tenant }: { tenant: TenantView }) {
  if (!tenant.welcome_letter_sent_date && !tenant.welcome_certificate_emailed_date) return null;
  return <StatusIndicator type="success" iconAriaLabel="Welcome letter sent">{welcomeLetterText(tenant)}</StatusIndicator>;
}

function FlagsCell({ tenant }: { tenant: TenantView }) {
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      {tenant.tagged_for_removal && <Badge color="red">Tagged for removal</Badge>}
      <span data-testid="tenant-status">{statusLabel(tenant.status)}</span>
      {tenant.email.trim() && (
        <span title={tenant.email}>
          <Badge color="blue">Email</Badge>
        </span>
      )}
    </SpaceBetween>
  );
}

const addressOf = (t: TenantView) => [t.address, t.city, [t.state, t.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');

export function mailingColumns({ stateMode }: { stateMode: boolean }): Column[] {
  return [
    ...(stateMode ? [{ id: 'facility_number', header: 'Facility', cell: (t: TenantView) => t.facility_number, minWidth: 90 }] : []),
    { id: 'name', header: 'Name', cell: (t) => <TenantNameCell id={t.id} name={tenantName(t)} />, isRowHeader: true, minWidth: 200 },
    { id: 'unit', header: 'Unit(s)', cell: (t) => <TruncatedText text={unitsText(t)} maxWidth={140} />, minWidth: 90 },
    { id: 'address', header: 'Address', cell: (t) => <TruncatedText text={addressOf(t)} maxWidth={260} />, minWidth: 200 },
    { id: 'flags', header: 'Flags', cell: (t) => <FlagsCell tenant={t} />, minWidth: 250 },
    { id: 'initial', header: 'Audit Sent', cell: (t) => <LetterSentCell date={t.initial_letter_sent_date} letter="Audit letter" />, minWidth: 120 },
    { id: 'reminder', header: 'Reminder Sent', cell: (t) => <LetterSentCell date={t.reminder_letter_sent_date} letter="Reminder letter" />, minWidth: 120 },
    { id: 'welcome', header: 'Welcome Sent', cell: (t) => <WelcomeCell tenant={t} />, minWidth: 160 },
  ];
}
