import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import type { IconProps } from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from './StatusIndicator';
import { errorText } from '../api/api-error';

interface Props {
  /** Asks for the short-lived link and follows it (in the page or a new window: the caller's choice). */
  open: () => Promise<void>;
  children: string;
  ariaLabel?: string;
  /** 'download' unless the link opens a document to read (Proof Review's View: 'external'). */
  iconName?: IconProps.Name;
}

/**
 * A file's download link in a card or a table row (an import's reports, a letter batch's files): busy
 * while `open` runs, and a failure (say 410: no longer kept) told beside the link, where it was clicked.
 */
export function DownloadLink({ open, children, ariaLabel, iconName = 'download' }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const click = async () => {
    setBusy(true);
    setError(null);
    try {
      await open();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Button variant="inline-link" iconName={iconName} ariaLabel={ariaLabel} loading={busy} onClick={() => void click()}>{children}</Button>
      {error && <StatusIndicator type="error">{error}</StatusIndicator>}
    </SpaceBetween>
  );
}
