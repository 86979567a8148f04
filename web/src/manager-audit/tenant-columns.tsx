/**
 * The columns of the manager tenant tables (spec §2 'Manager audit views'): Master Audit lists the
 * facility's tenants with their cycle, Cycle Audit adds the Confirm Charge Added button and the API badge.
 */
import type { ReactNode } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TenantView } from '../../../shared/contracts/tenants';
import { useFollow } from '../shell/follow';
import { formatWireDate } from '../widgets/date-format';
import { TruncatedText } from '../widgets/TruncatedText';
import { canConfirmCharge, isLocked, listedName, statusText } from './tenant-rules';

type Column = TableProps.ColumnDefinition<TenantView>;

/** Clicks inside this cell do their own thing and never open the tenant (spec: no-click cells). */
export function NoRowClick({ children }: { children: ReactNode }) {
  return (
    <span data-no-click onClick={(event) => event.stopPropagation()}>
      {children}
    </span>
  );
}

const shownDate = (wire: string | null) => (wire ? formatWireDate(wire, 'M/dd/yyyy') : '--');

function Check({ on, label }: { on: boolean; label: string }) {
  return on ? <Icon name="check" variant="success" ariaLabel={label} /> : null;
}

function NameCell({ tenant }: { tenant: TenantView }) {
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <TruncatedText text={listedName(tenant)} maxWidth={240} />
      {isLocked(tenant) && <Icon name="lock-private" ariaLabel="Welcome letter sent (locked)" />}
    </SpaceBetween>
  );
}

function BillingCell({ tenant }: { tenant: TenantView }) {
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <span>{shownDate(tenant.billing_date)}</span>
      {tenant.billing_anniversary === 1 && <Icon name="calendar" variant="link" ariaLabel="Billing anniversary" />}
    </SpaceBetween>
  );
}

function StatusCell({ tenant, showApi }: { tenant: TenantView; showApi: boolean }) {
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <span>{statusText(tenant.status)}</span>
      {tenant.tenant_made_selection && (
        <span title="The tenant made this selection">
          <Badge color="blue">T</Badge>
        </span>
      )}
      {showApi && tenant.setup_via_api && (
        <span title="Set up through the facility software's API">
          <Badge color="green">API</Badge>
        </span>
      )}
    </SpaceBetween>
  );
}

/** A cycle badge links to its audit while the cycle is active; an inactive one is grey. */
function CycleCell({ tenant }: { tenant: TenantView }) {
  const follow = useFollow();
  const label = tenant.cycle_label || 'Unnamed';
  if (!tenant.cycle_is_active) return <Badge color="grey">{label}</Badge>;
  return (
    <NoRowClick>
      <Link href={`/cycle-audit/${encodeURIComponent(tenant.cycle_id)}`} onFollow={follow} ariaLabel={`Cycle Audit of ${label}`}>
        <Badge color="blue">{label}</Badge>
      </Link>
    </NoRowClick>
  );
}

const nameColumn: Column = { id: 'name', header: 'Name', cell: (t) => <NameCell tenant={t} />, sortingField: 'name', isRowHeader: true, minWidth: 200 };
const billingColumn: Column = { id: 'billing_date', header: 'Billing Date', cell: (t) => <BillingCell tenant={t} />, sortingField: 'billing_date', minWidth: 130 };
const chargeApplyColumn: Column = { id: 'charge_apply_date', header: 'Charge Apply Date', cell: (t) => shownDate(t.charge_apply_date), sortingField: 'charge_apply_date', minWidth: 140 };
const insuranceColumn: Column = {
  id: 'has_insurance', header: 'Has Insurance', cell: (t) => <Check on={!!t.coverage_id} label="Has insurance" />, minWidth: 110,
};

export function masterAuditColumns(): Column[] {
  return [
    nameColumn,
    { id: 'cycle', header: 'Cycle', cell: (t) => <CycleCell tenant={t} />, minWidth: 220 },
    billingColumn,
    chargeApplyColumn,
    { id: 'charge_added', header: 'Charge Added', cell: (t) => <Check on={!!t.charge_applied_date} label="Charge added" />, minWidth: 110 },
    insuranceColumn,
    { id: 'status', header: 'Status', cell: (t) => <StatusCell tenant={t} showApi={false} />, sortingField: 'status', minWidth: 320 },
  ];
}

interface CycleColumnOptions {
  today: string;
  onConfirmCharge: (tenant: TenantView) => void;
  /** The tenant whose charge is being confirmed, if any. */
  confirmingId: string | null;
}

export function cycleAuditColumns({ today, onConfirmCharge, confirmingId }: CycleColumnOptions): Column[] {
  return [
    nameColumn,
    billingColumn,
    chargeApplyColumn,
    {
      id: 'charge_added',
      header: 'Charge Added',
      minWidth: 230,
      cell: (t) =>
        t.charge_applied_date ? (
          <Check on label="Charge added" />
        ) : canConfirmCharge(t, today) ? (
          <NoRowClick>
            <Button ariaLabel={`Confirm Charge Added for ${listedName(t)}`} loading={confirmingId === t.id} onClick={() => onConfirmCharge(t)}>
              Confirm Charge Added
            </Button>
          </NoRowClick>
        ) : null,
    },
    insuranceColumn,
    { id: 'status', header: 'Status', cell: (t) => <StatusCell tenant={t} showApi />, sortingField: 'status', minWidth: 320 },
  ];
}
