/**
 * The ledger report modal (spec tenants-letters-users §2 'Ledger report modal', §8; facilities §2
 * 'Facility detail row'): opened by Download SiteLink Rent Roll or Download StorEdge Ledger, it
 * generates the facility's report at once (a job, its progress shown) and then offers the download.
 * A facility on neither SiteLink nor StorEdge gets 'Facility has an invalid software type!' without a
 * call; a facility on the other one gets the server's refusal ('Facility N uses StorEdge: it has no
 * SiteLink rent roll.').
 */
import { useEffect, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import { errorText } from '../api/api-error';
import { useMounted } from '../jobs/wait-for-job';
import { generateLedgerReport, hasLedgerReport, INVALID_SOFTWARE, LEDGER_REPORT_TITLES, openLedgerReport } from './ledger-report';
import type { LedgerReportKind } from './ledger-report';
import { POPUP_HINT } from './popup-hint';

export interface LedgerReportModalProps {
  facility: { facility_number: string; software: string };
  kind: LedgerReportKind;
  onClose: () => void;
}

type ReportState =
  | { kind: 'generating'; progress: number }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; file: NonNullable<Awaited<ReturnType<typeof generateLedgerReport>>> };

export function LedgerReportModal({ facility, kind, onClose }: LedgerReportModalProps) {
  const valid = hasLedgerReport(facility.software);
  const [state, setState] = useState<ReportState>(valid ? { kind: 'generating', progress: 0 } : { kind: 'error', message: INVALID_SOFTWARE });
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const mounted = useMounted();

  useEffect(() => {
    if (!valid) return undefined;
    let current = true;
    const wanted = () => current && mounted.current;
    generateLedgerReport(kind, facility.facility_number, (progress) => {
      if (wanted()) setState({ kind: 'generating', progress });
    }, wanted)
      .then((file) => {
        if (file && wanted()) setState({ kind: 'ready', file });
      })
      .catch((err: unknown) => {
        if (wanted()) setState({ kind: 'error', message: errorText(err) });
      });
    return () => {
      current = false;
    };
  }, [facility.facility_number, kind, mounted, valid]);

  const download = async (file: Extract<ReportState, { kind: 'ready' }>['file']) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await openLedgerReport(file);
      setOpened(true);
    } catch (err) {
      setDownloadError(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={`${LEDGER_REPORT_TITLES[kind]} for ${facility.facility_number}`}
      footer={<Box float="right"><Button variant={state.kind === 'ready' ? 'normal' : 'primary'} onClick={onClose}>Close</Button></Box>}
    >
      <div data-testid="ledger-report">
        {state.kind === 'generating' && (
          <ProgressBar value={state.progress} label="Generating the report" description="Asking the facility software for its ledgers…" ariaLabel="Report progress" />
        )}
        {state.kind === 'error' && (
          <Box color="text-status-error"><Box variant="strong" color="inherit">Error!</Box> {state.message}</Box>
        )}
        {state.kind === 'ready' && (
          <SpaceBetween size="s">
            <StatusIndicator type="success">{`The report is ready: ${state.file.filename}`}</StatusIndicator>
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Button variant="primary" iconName="download" loading={downloading} onClick={() => void download(state.file)}>Download</Button>
              {downloadError && <StatusIndicator type="error">{downloadError}</StatusIndicator>}
            </SpaceBetween>
            {opened && <Box variant="small">{POPUP_HINT}</Box>}
          </SpaceBetween>
        )}
      </div>
    </Modal>
  );
}
