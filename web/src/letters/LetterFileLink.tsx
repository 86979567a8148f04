/**
 * A letter file's link (the batch PDF or its mail-merge workbook): asks for a short-lived download link
 * and opens it in a new window, as the exports do; a failure is told beside the link.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { errorText } from '../api/api-error';
import { letterDownloadLink } from './letters-api';

interface Props {
  fileName: string;
  /** The name the file is saved under. */
  outputName: string;
  children: string;
  ariaLabel?: string;
  /** After the download window was opened (say, to show the popup-blocker hint). */
  onOpened?: () => void;
}

export function LetterFileLink({ fileName, outputName, children, ariaLabel, onOpened }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await letterDownloadLink(fileName, outputName);
      window.open(link.url, '_blank', 'noopener');
      onOpened?.();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Button variant="inline-link" iconName="download" ariaLabel={ariaLabel} loading={busy} onClick={() => void open()}>{children}</Button>
      {error && <StatusIndicator type="error">{error}</StatusIndicator>}
    </SpaceBetween>
  );
}
