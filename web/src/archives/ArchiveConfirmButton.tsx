/**
 * The one-step archives (spec §2, §5, §8): the detail row's Archive Facility and the cycle detail row's
 * Archive Cycle. A button asks the spec's question; on Yes the archive runs in the same dialog, which
 * then reads '{running}' over the job's progress bar (spec: the loading overlay) and cannot be closed;
 * when the job is done the export opens (use-archive-job.ts) and `onDone` runs. A failure opens the
 * modal 'Error' with the server's message, or 'Unexpected error!' when there is none.
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { QueuedArchive } from '../../../shared/contracts/archives';
import { errorText } from '../api/api-error';
import { ErrorModal } from '../facilities/dialogs';
import { ArchiveProgress } from './ArchiveProgress';
import { useArchiveJob } from './use-archive-job';

export interface ArchiveConfirmProps {
  /** The button's text and the dialog's header ('Archive Facility', 'Archive Cycle'). */
  label: string;
  question: string;
  /** What the dialog says while the archive runs. */
  running: string;
  start: () => Promise<QueuedArchive>;
  /** After the export opened. */
  onDone?: (archive: QueuedArchive) => void;
}

export function ArchiveConfirmButton({ label, question, running, start, onDone }: ArchiveConfirmProps) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const archive = useArchiveJob();

  const confirm = async () => {
    try {
      const done = await archive.run(start);
      setAsking(false);
      if (done) onDone?.(done);
    } catch (err) {
      setAsking(false);
      setFailure(errorText(err));
    }
  };

  return (
    <>
      <Button iconName="folder" onClick={() => setAsking(true)}>{label}</Button>
      <Modal
        visible={asking}
        header={label}
        closeAriaLabel="Close"
        // An archive under way is waited for here: its export opens when it is done.
        onDismiss={() => {
          if (!archive.running) setAsking(false);
        }}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={archive.running} onClick={() => setAsking(false)}>Cancel</Button>
              <Button variant="primary" loading={archive.running} onClick={() => void confirm()}>Yes</Button>
            </SpaceBetween>
          </Box>
        }
      >
        {archive.running ? (
          <SpaceBetween size="m">
            <StatusIndicator type="loading">{running}</StatusIndicator>
            <ArchiveProgress state={archive.state} label="Archive progress" />
          </SpaceBetween>
        ) : (
          question
        )}
      </Modal>
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
