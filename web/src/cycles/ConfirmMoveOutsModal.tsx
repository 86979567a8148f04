import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { CycleView } from '../../../shared/contracts/cycles';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import { useConfirmMoveOuts } from './cycles-api';

/**
 * Confirm move-outs: first asks the server how many tenants are flagged, then prompts
 * 'There are N tenants flagged for this cycle. Continue?' and confirms on yes (spec §7).
 */
export function ConfirmMoveOutsModal({ cycle, onClose, onConfirmed }: { cycle: CycleView; onClose: () => void; onConfirmed: () => void }) {
  const flagged = useQuery({
    queryKey: ['check-flagged', cycle.id],
    queryFn: () => call('GET /api/cycles/{id}/check-flagged', { params: { id: cycle.id } }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const confirm = useConfirmMoveOuts();
  const error = flagged.error ?? confirm.error;

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={error ? 'Error' : `Confirm move-outs for ${cycle.facility_number}`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>{error ? 'Close' : 'Cancel'}</Button>
            {!flagged.error && (
              <Button
                variant="primary"
                disabled={!flagged.data}
                loading={confirm.isPending}
                onClick={() => confirm.mutate(cycle.id, { onSuccess: onConfirmed })}
              >
                Continue
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {flagged.isLoading ? (
        <Spinner />
      ) : error ? (
        <Alert type="error">{errorText(error)}</Alert>
      ) : flagged.data ? (
        <Box variant="p">There are {flagged.data.tenants_flagged} tenants flagged for this cycle. Continue?</Box>
      ) : null}
    </Modal>
  );
}
