import type { ReactNode } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { CYCLE_SORTS } from '../../../shared/contracts/cycles';
import type { CycleView } from '../../../shared/contracts/cycles';
import { NullableDate } from '../widgets/NullableDate';
import { ProgramBadge } from '../widgets/ProgramBadge';
import { TruncatedText } from '../widgets/TruncatedText';

/** Clicks inside this cell do their own thing and do not toggle the cycle's details. */
function NoRowClick({ children }: { children: ReactNode }) {
  return <span onClick={(event) => event.stopPropagation()}>{children}</span>;
}

/** Which of the spec's three markers a cycle carries, or null while its move-outs are unconfirmed. */
export function moveOutMarker(cycle: CycleView): 'monitor' | 'move-outs' | 'no-move-outs' | null {
  if (cycle.monitor_confirmed_move_outs) return 'monitor';
  if (cycle.confirmed_move_outs_date) return 'move-outs';
  if (cycle.confirmed_no_move_outs_date) return 'no-move-outs';
  return null;
}

function MoveOutCell({ cycle, onConfirm }: { cycle: CycleView; onConfirm: (cycle: CycleView) => void }) {
  switch (moveOutMarker(cycle)) {
    case 'monitor':
      // Staff confirmed; the outcome (dated as move-outs or as none) is what the More Filters keys count.
      return (
        <StatusIndicator type="success" colorOverride="blue">
          Monitor confirmed{cycle.confirmed_no_move_outs_date ? ' (no move-outs)' : cycle.confirmed_move_outs_date ? ' (move-outs)' : ''}
        </StatusIndicator>
      );
    case 'move-outs':
      return <StatusIndicator type="success">Confirmed move-outs</StatusIndicator>;
    case 'no-move-outs':
      return <StatusIndicator type="success" colorOverride="grey">Confirmed no move-outs</StatusIndicator>;
    default:
      return (
        <NoRowClick>
          <Button variant="normal" ariaLabel={`Confirm move-outs of ${cycle.facility_number} ${cycle.label}`} onClick={() => onConfirm(cycle)}>
            Confirm
          </Button>
        </NoRowClick>
      );
  }
}

const dateColumn = (id: keyof CycleView & string, header: string): TableProps.ColumnDefinition<CycleView> => ({
  id,
  header,
  cell: (c) => <NullableDate value={c[id] as string | null} />,
  minWidth: 120,
});

interface ColumnOptions {
  onConfirm: (cycle: CycleView) => void;
  highlightId: string | null;
  selectedId: string | null;
}

/** The server sorts by the columns it names (CYCLE_SORTS); the others (counts, deadlines) do not sort. */
const sortable = (column: TableProps.ColumnDefinition<CycleView>): TableProps.ColumnDefinition<CycleView> =>
  (CYCLE_SORTS as readonly string[]).includes(column.id ?? '') ? { ...column, sortingField: column.id } : column;

export function cycleColumns({ onConfirm, highlightId, selectedId }: ColumnOptions): TableProps.ColumnDefinition<CycleView>[] {
  const columns: TableProps.ColumnDefinition<CycleView>[] = [
    {
      id: 'facility_number',
      header: 'Facility Number',
      isRowHeader: true,
      minWidth: 170,
      cell: (c) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          {/* The markers let the row's cells take the highlight colours (cycles.css). */}
          <span data-new-cycle={c.id === highlightId ? 'true' : undefined} data-selected-cycle={c.id === selectedId ? 'true' : undefined}>
            {c.facility_number}
          </span>
          <ProgramBadge programKey={c.insurance_program_key} label={c.insurance_program_label} />
          {c.id === highlightId && <Badge color="green">New</Badge>}
        </SpaceBetween>
      ),
    },
    { id: 'account_name', header: 'Account Name', cell: (c) => <TruncatedText text={c.account_name} />, minWidth: 180 },
    { id: 'corporate_group', header: 'Corporate Group', cell: (c) => <TruncatedText text={c.corporate_group} />, minWidth: 150 },
    { id: 'label', header: 'Label', cell: (c) => <TruncatedText text={c.label} />, minWidth: 150 },
    { id: 'tenant_count', header: 'Tenants', cell: (c) => c.tenant_count, minWidth: 90 },
    { id: 'confirmed_move_outs', header: 'Confirmed Move-Outs', cell: (c) => <MoveOutCell cycle={c} onConfirm={onConfirm} />, minWidth: 200 },
    dateColumn('initial_letter_send_date', 'Initial Letter Date'),
    dateColumn('lease_effective_date', 'Lease Effective Date'),
    dateColumn('reminder_letter_send_date', 'Reminder Letter Date'),
    dateColumn('letter_effective_date', 'Letter Effective Date'),
    dateColumn('update_responses_deadline_date', 'Update Responses Deadline'),
    dateColumn('tag_for_removal_deadline_date', 'Tag For Removal Deadline'),
    dateColumn('setup_coverage_start_date', 'Setup Coverage Start'),
    dateColumn('setup_coverage_end_date', 'Setup Coverage End'),
    dateColumn('monitor_payment_start_date', 'Monitor Payment Start'),
    dateColumn('monitor_payment_end_date', 'Monitor Payment End'),
  ];
  return columns.map(sortable);
}
