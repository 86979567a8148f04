/** Columns of the Active facilities table (spec §2 Facilities list). */
import type { ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { FacilityView } from '../../../shared/contracts/facilities';
import { ProgramBadge } from '../widgets/ProgramBadge';
import { TruncatedText } from '../widgets/TruncatedText';
import { softwareLabel } from './facility-form';

/** Clicks inside this element do their own thing and do not open the row's details (spec: 'no-click'). */
export function NoRowClick({ children }: { children: ReactNode }) {
  return (
    <span data-no-click onClick={(event) => event.stopPropagation()}>
      {children}
    </span>
  );
}

function MoveOutCell({ facility, busy, onConfirm }: { facility: FacilityView; busy: boolean; onConfirm: (f: FacilityView) => void }) {
  if (facility.confirmed_move_outs_date) {
    return <StatusIndicator type="success" iconAriaLabel="Confirmed move-outs">Move-outs</StatusIndicator>;
  }
  if (facility.confirmed_no_move_outs_date) {
    return <StatusIndicator type="success" colorOverride="blue" iconAriaLabel="Confirmed no move-outs">No move-outs</StatusIndicator>;
  }
  return (
    <NoRowClick>
      <Button loading={busy} ariaLabel={`Confirm move-outs of ${facility.facility_number}`} onClick={() => onConfirm(facility)}>
        Confirm
      </Button>
    </NoRowClick>
  );
}

interface ColumnOptions {
  selectedId: string | null;
  confirmingId: string | null;
  onConfirm: (f: FacilityView) => void;
  onEdit: (f: FacilityView) => void;
  onDelete: (f: FacilityView) => void;
}

export function facilityColumns({ selectedId, confirmingId, onConfirm, onEdit, onDelete }: ColumnOptions): TableProps.ColumnDefinition<FacilityView>[] {
  return [
    {
      id: 'facility',
      header: 'Facility',
      isRowHeader: true,
      minWidth: 260,
      cell: (f) => (
        <SpaceBetween size="xxxs">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <b data-selected-facility={f.id === selectedId ? 'true' : undefined}>{f.facility_number}</b>
            <ProgramBadge programKey={f.insurance_program_key} label={f.insurance_program_label} />
            {f.note.trim() && (
              <NoRowClick>
                <Popover header="Facility note" content={<span style={{ whiteSpace: 'pre-wrap' }}>{f.note}</span>} size="medium" triggerType="custom" renderWithPortal>
                  <Button variant="inline-icon" iconName="file" ariaLabel={`Note of ${f.facility_number}`} />
                </Popover>
              </NoRowClick>
            )}
          </SpaceBetween>
          <TruncatedText text={f.account_name} maxWidth={240} />
        </SpaceBetween>
      ),
    },
    {
      id: 'confirmed_move_outs',
      header: 'Confirmed Move-Outs',
      minWidth: 170,
      cell: (f) => <MoveOutCell facility={f} busy={confirmingId === f.id} onConfirm={onConfirm} />,
    },
    { id: 'software', header: 'Software', minWidth: 120, cell: (f) => softwareLabel(f.software) },
    { id: 'location', header: 'City, State', minWidth: 160, cell: (f) => [f.city, f.state].filter(Boolean).join(', ') },
    {
      id: 'can_tag_removal',
      header: 'Can Tag Removal',
      minWidth: 120,
      cell: (f) => (f.can_tag_removal ? <Icon name="check" variant="success" ariaLabel="Can tag removal" /> : <Icon name="close" variant="subtle" ariaLabel="Cannot tag removal" />),
    },
    {
      id: 'actions',
      header: 'Actions',
      minWidth: 100,
      cell: (f) => (
        <NoRowClick>
          <SpaceBetween direction="horizontal" size="xxs">
            <Button variant="icon" iconName="edit" ariaLabel={`Edit ${f.facility_number}`} onClick={() => onEdit(f)} />
            <Button variant="icon" iconName="remove" ariaLabel={`Delete ${f.facility_number}`} onClick={() => onDelete(f)} />
          </SpaceBetween>
        </NoRowClick>
      ),
    },
  ];
}
