/**
 * Cycle Audit's tag card (spec §2, §4): shown while the cycle can tag removals and is ready to tag. It
 * gives the deadline (two days before the audit letter), opens the Tag modal, and closes the phase:
 * 'Confirm' when nobody is tagged (no move-outs), 'Complete' once some are (cannot be undone).
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CycleView } from '../../../shared/contracts/cycles';
import { errorText } from '../api/api-error';
import { ConfirmModal, ErrorModal } from '../facilities/dialogs';
import { useToast } from '../shell/toasts';
import { addDays, formatWireDate } from '../widgets/date-format';
import { useCompleteTagging, useConfirmNoMoveOuts } from './manager-audit-api';

/** Two days before the initial (audit) letter date, as M/D/YYYY; in words when the cycle has no such date. */
export function tagDeadline(cycle: Pick<CycleView, 'initial_letter_send_date'>): string {
  const deadline = cycle.initial_letter_send_date ? addDays(cycle.initial_letter_send_date, -2) : null;
  return deadline ? formatWireDate(deadline, 'M/d/yyyy') : '2 days before the Audit Letter Date';
}

export const showsTagCard = (cycle: Pick<CycleView, 'can_tag_removal' | 'ready_to_tag'>) => cycle.can_tag_removal && cycle.ready_to_tag;

type Asking = 'confirm' | 'complete' | null;

export function TagCard({ cycle, onProceed }: { cycle: CycleView; onProceed: () => void }) {
  const toast = useToast();
  const confirmNone = useConfirmNoMoveOuts();
  const complete = useCompleteTagging();
  const [asking, setAsking] = useState<Asking>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tagged = cycle.stats.tagged_for_removal;

  const run = () => {
    const [action, done] = asking === 'confirm' ? [confirmNone, 'Move-outs confirmed!'] as const : [complete, 'Thank you for completing this phase!'] as const;
    // mutateAsync, not mutate's callbacks: the card goes away with the reloaded cycle before they would run.
    action.mutateAsync(cycle.id).then(
      () => toast(done),
      (err: unknown) => setFailure(errorText(err)),
    ).finally(() => setAsking(null));
  };

  return (
    <Container header={<Header variant="h2">Move-Outs</Header>} data-testid="tag-card">
      <SpaceBetween size="m">
        <Box variant="p" fontWeight="bold">You have until {tagDeadline(cycle)} to select any tenants who have moved out.</Box>
        {tagged > 0 && (
          <Box variant="p">{tagged === 1 ? 'You have tagged 1 tenant as moved out.' : `You have tagged ${tagged} tenants as moved out.`}</Box>
        )}
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="primary" onClick={onProceed}>Click to Proceed</Button>
          {tagged === 0 ? (
            <Button onClick={() => setAsking('confirm')}>Confirm</Button>
          ) : (
            <Button onClick={() => setAsking('complete')}>Complete</Button>
          )}
        </SpaceBetween>
      </SpaceBetween>
      <ConfirmModal
        header={asking === 'complete' ? 'Complete tagging' : 'Confirm no move-outs'}
        question={asking === 'confirm' ? 'Are you sure?' : asking === 'complete' ? 'This cannot be undone. Are you sure?' : null}
        busy={confirmNone.isPending || complete.isPending}
        onConfirm={run}
        onCancel={() => setAsking(null)}
      />
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </Container>
  );
}
