/** The clicked cycle's details and actions (Archive Cycle: web/src/archives), in the layout's split panel (docs/decisions.md). */
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import SplitPanel from '@cloudscape-design/components/split-panel';
import type { CycleView } from '../../../shared/contracts/cycles';
import { ArchiveCycleButton } from '../archives/ArchiveCycleButton';
import { useFollow } from '../shell/follow';
import { PANEL_BODY_MARK } from '../shell/split-panel';
import { NullableDate } from '../widgets/NullableDate';

const PANEL_STRINGS = {
  closeButtonAriaLabel: 'Close cycle details',
  openButtonAriaLabel: 'Open cycle details',
  preferencesTitle: 'Panel preferences',
  preferencesPositionLabel: 'Panel position',
  preferencesPositionDescription: 'Choose the default panel position.',
  preferencesPositionSide: 'Side',
  preferencesPositionBottom: 'Bottom',
  preferencesConfirm: 'Confirm',
  preferencesCancel: 'Cancel',
  resizeHandleAriaLabel: 'Resize cycle details',
};

export function tenantListHref(cycle: Pick<CycleView, 'facility_number' | 'id'>): string {
  return `/tenant-list?${new URLSearchParams({ facility_number: cycle.facility_number, cycle_id: cycle.id }).toString()}`;
}

interface Props {
  cycle: CycleView;
  onEdit: () => void;
  onMarkLettersSent: () => void;
  onImport: () => void;
}

export function CycleDetailPanel({ cycle, onEdit, onMarkLettersSent, onImport }: Props) {
  const follow = useFollow();
  const s = cycle.stats;
  return (
    <SplitPanel header={`Cycle ${cycle.label || 'Unnamed'} — ${cycle.facility_number}`} closeBehavior="hide" hidePreferencesButton i18nStrings={PANEL_STRINGS}>
      <SpaceBetween size="l" {...PANEL_BODY_MARK}>
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="edit" onClick={onEdit}>Edit Cycle</Button>
          <Button iconName="upload" onClick={onImport}>Import Tenants</Button>
          <Button iconName="search" href={tenantListHref(cycle)} onFollow={follow}>View Tenants</Button>
          <Button iconName="envelope" onClick={onMarkLettersSent}>Mark Letters Sent</Button>
          <ArchiveCycleButton cycle={cycle} />
        </SpaceBetween>
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Move-Out Date', value: <NullableDate value={cycle.move_out_date} /> },
            { label: 'Initial Letter Sent', value: <NullableDate value={cycle.initial_letter_sent_date} /> },
            { label: 'Reminder Letter Sent', value: <NullableDate value={cycle.reminder_letter_sent_date} /> },
            { label: 'Welcome Letter Sent', value: <NullableDate value={cycle.welcome_letter_sent_date} /> },
            { label: 'Tenants In Program', value: s.total },
            { label: 'Tagged For Removal', value: s.tagged_for_removal },
            { label: 'Require Setup', value: s.requires_setup },
            { label: 'Selected Coverage', value: `${s.selected_coverage} (${s.selected_coverage_percentage}%)` },
            { label: 'Charge Applied', value: `${s.charge_applied} (${s.charge_applied_percentage}%)` },
            { label: 'Opted Out', value: `${s.opted_out} (${s.opted_out_percentage}%)` },
            { label: 'Provided Proof', value: `${s.provided_proof} (${s.provided_proof_percentage}%)` },
            { label: 'Non-Responders', value: `${s.non_responder} (${s.non_responder_percentage}%)` },
          ]}
        />
      </SpaceBetween>
    </SplitPanel>
  );
}
