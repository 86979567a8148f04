/**
 * Dismiss of a failed or stalled job: the reason is required and kept on the job (up to 500 characters,
 * checked here with the server's words and again by the server). A refusal (the job changed, someone
 * dismissed or retried it first) is shown in the dialog; the list behind it reloads.
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { FailedJobRow } from '../../../shared/contracts/failed-jobs';
import { ApiError, errorText } from '../api/api-error';
import { dismissFailedJob } from './failed-jobs-api';

const REASON_MAX = 500;

interface Props {
  job: FailedJobRow;
  onDismissed: () => void;
  onClose: () => void;
  onRefused: () => void;
}

export function DismissJobModal({ job, onDismissed, onClose, onRefused }: Props) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const text = reason.trim();
    if (text === '') return setReasonError('Say why the job is dismissed.');
    if (text.length > REASON_MAX) return setReasonError(`Reason must be at most ${REASON_MAX} characters.`);
    setBusy(true);
    setRefusal(null);
    try {
      await dismissFailedJob(job.id, text);
      onDismissed();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'reason') setReasonError(err.error);
      else {
        setRefusal(errorText(err));
        onRefused();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={() => !busy && onClose()}
      closeAriaLabel="Close"
      header="Dismiss job"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onClose}>Cancel</Button>
            <Button variant="primary" loading={busy} disabled={refusal !== null} onClick={() => void submit()}>Dismiss</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          {`The ${job.kind} job will not run again and leaves this list. The job and the reason are kept.`}
        </Box>
        <FormField label="Reason" errorText={reasonError} constraintText={`Up to ${REASON_MAX} characters.`}>
          <Textarea
            value={reason}
            rows={3}
            ariaLabel="Reason"
            placeholder="For example: the rent roll was imported again from a corrected file."
            invalid={reasonError !== null}
            onChange={({ detail }) => {
              setReason(detail.value);
              setReasonError(null);
            }}
          />
        </FormField>
        {refusal && <Alert type="error">{refusal}</Alert>}
      </SpaceBetween>
    </Modal>
  );
}
