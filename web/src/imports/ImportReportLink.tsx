/**
 * A link to an import's duplicates list or refused-rows report (the 'Import Complete' card, Import
 * History): downloads it through a short-lived link; a failure (say 410: no longer kept) is told
 * beside the link.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ImportReport } from '../../../shared/contracts/import-history';
import { errorText } from '../api/api-error';
import { downloadImportReport } from './import-history-api';

interface Props {
  importId: string;
  report: ImportReport;
  children: string;
  ariaLabel?: string;
}

export function ImportReportLink({ importId, report, children, ariaLabel }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadImportReport(importId, report);
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
