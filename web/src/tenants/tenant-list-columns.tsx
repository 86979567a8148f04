/** The columns of the master tenant list (spec §2 Reading B); sortable ones carry the server's sort name. */
import type { ReactNode } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TenantSort, TenantView } from '../../../shared/contracts/tenants';
import { formatWireDate } from '../widgets/date-format';
import { NullableDate } from '../widgets/NullableDate';
import { TruncatedText } from '../widgets/TruncatedText';
import { statusLabel, tenantName, unitsText, welcomeLetterText } from './tenant-format';
import { TenantNameCell } from './TenantPageLink';

/** Clicks inside this cell do their own thing and do not open the Edit Tenant modal. */
function NoRowClick({ children }: { children: ReactNode }) {
  return <span onClick={(event) => event.stopPropagation()}>{children}</span>;
}

const check = (label: string) => <Icon name="check" variant="success" ariaLabel={label} />;

type Column = TableProps.ColumnDefinition<TenantView>;
const sortable = (field: TenantSort, sortableFields: readonly string[]): Pick<Column, 'sortingField'> =>
  sortableFields.includes(field) ? { sortingField: field } : {};

export function tenantListColumns({ onEditStatus, sortableFields }: { onEditStatus: (t: TenantView) => void; sortableFields: readonly string[] }): Column[] {
  return [
    { id: 'facility_number', header: 'Facility', cell: (t) => t.facility_number, ...sortable('facility_number', sortableFields), minWidth: 100 },
    { id: 'cycle', header: 'Cycle', cell: (t) => <TruncatedText text={t.cycle_label} maxWidth={160} />, minWidth: 120 },
    { id: 'name', header: 'Name', cell: (t) => <TenantNameCell id={t.id} name={tenantName(t)} />, ...sortable('name', sortableFields), isRowHeader: true, minWidth: 200 },
    { id: 'unit', header: 'Unit(s)', cell: (t) => <TruncatedText text={unitsText(t)} maxWidth={140} />, ...sortable('unit', sortableFields), minWidth: 90 },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => (
        <NoRowClick>
          <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
            <span data-testid="tenant-status">{statusLabel(t.status)}</span>
            <Button variant="inline-icon" iconName="edit" ariaLabel={`Edit status of ${tenantName(t)}`} onClick={() => onEditStatus(t)} />
          </SpaceBetween>
        </NoRowClick>
      ),
      ...sortable('status', sortableFields),
      minWidth: 200,
    },
    {
      id: 'setup_confirmed',
      header: 'Setup Confirmed',
      cell: (t) => (
        <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
          {t.setup_insurance_date ? check('Setup confirmed') : null}
          {t.setup_via_api ? <Badge color="blue">API</Badge> : null}
        </SpaceBetween>
      ),
      minWidth: 110,
    },
    { id: 'api_confirmed', header: 'API Confirmed', cell: (t) => (t.api_confirmed ? check('API confirmed') : null), minWidth: 100 },
    {
      id: 'payment_confirmed',
      header: 'Payment Confirmed',
      cell: (t) => (t.payment_confirmed_date ? <span title="Payment confirmed">{formatWireDate(t.payment_confirmed_date, 'M/dd/yyyy')}</span> : null),
      minWidth: 120,
    },
    { id: 'welcome_letter', header: 'Welcome Letter', cell: welcomeLetterText, minWidth: 130 },
    { id: 'move_in_date', header: 'Move-In Date', cell: (t) => <NullableDate value={t.move_in_date} />, ...sortable('move_in_date', sortableFields), minWidth: 110 },
    { id: 'billing_date', header: 'Billing Date', cell: (t) => <NullableDate value={t.billing_date} />, ...sortable('billing_date', sortableFields), minWidth: 110 },
  ];
}
