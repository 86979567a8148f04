/**
 * The columns of both tabs (spec §2 'Insurance Policy Management'): Setup Tenants shows Unit, Name,
 * Selected Coverage ('$premium per month for $coverage') and Last Error (the message, its logged date as
 * a tooltip, or '---'), with 'Flagged for deletion' on a tenant tagged for removal; List Setup Tenants
 * shows facility number, unit, name and policy number.
 */
import { useRef, useState } from 'react';
import Badge from '@cloudscape-design/components/badge';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Tooltip from '@cloudscape-design/components/tooltip';
import type { PolicySetupTenant, SetUpTenant } from '../../../shared/contracts/policy-setup';
import { tenantName } from '../tenants/tenant-format';
import { TenantNameCell } from '../tenants/TenantPageLink';
import { TruncatedText } from '../widgets/TruncatedText';

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** '$12 per month for $2,000'; empty when the tenant's plan is not known. */
export function coverageText(t: Pick<PolicySetupTenant, 'coverage_premium' | 'coverage_coverage'>): string {
  if (t.coverage_premium === null || t.coverage_coverage === null) return '';
  return `${money(t.coverage_premium)} per month for ${money(t.coverage_coverage)}`;
}

/** The logged time as staff read it: '3/14/2026, 2:05 PM' in the browser's locale. */
const loggedText = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** The last error's message, with when it was logged in a tooltip on hover or focus. */
function LastErrorCell({ tenant }: { tenant: PolicySetupTenant }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const message = tenant.policy_errors_error_message;
  if (!message) return <>---</>;
  const logged = tenant.policy_errors_date_logged ? `Logged ${loggedText(tenant.policy_errors_date_logged)}` : 'Logged at an unknown time';
  return (
    <>
      <span
        ref={ref}
        tabIndex={0}
        data-testid="last-error"
        data-logged={tenant.policy_errors_date_logged ?? ''}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        style={{ color: 'inherit', textDecoration: 'underline dotted' }}
      >
        {message}
      </span>
      {open && <Tooltip content={logged} getTrack={() => ref.current} onEscape={() => setOpen(false)} />}
    </>
  );
}

function NameCell({ tenant }: { tenant: PolicySetupTenant }) {
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <TenantNameCell id={tenant.id} name={tenantName(tenant)} />
      {tenant.tagged_for_removal && <Badge color="red">Flagged for deletion</Badge>}
    </SpaceBetween>
  );
}

export const SETUP_COLUMNS: TableProps.ColumnDefinition<PolicySetupTenant>[] = [
  { id: 'unit', header: 'Unit', cell: (t) => <TruncatedText text={t.unit} maxWidth={140} />, minWidth: 90 },
  { id: 'name', header: 'Name', cell: (t) => <NameCell tenant={t} />, isRowHeader: true, minWidth: 220 },
  { id: 'coverage', header: 'Selected Coverage', cell: (t) => coverageText(t), minWidth: 200 },
  { id: 'last_error', header: 'Last Error', cell: (t) => <LastErrorCell tenant={t} />, minWidth: 240 },
];

export const SET_UP_COLUMNS: TableProps.ColumnDefinition<SetUpTenant>[] = [
  { id: 'facility_number', header: 'Facility Number', cell: (t) => t.facility_number, minWidth: 120 },
  { id: 'unit', header: 'Unit', cell: (t) => <TruncatedText text={t.unit} maxWidth={140} />, minWidth: 90 },
  { id: 'name', header: 'Name', cell: (t) => <TenantNameCell id={t.id} name={tenantName(t)} />, isRowHeader: true, minWidth: 220 },
  { id: 'policy_number', header: 'Policy Number', cell: (t) => t.policy_number, minWidth: 160 },
];
