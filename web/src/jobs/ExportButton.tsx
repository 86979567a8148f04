/**
 * The Export button of a list: starts the export job (useExportJob) and, while it runs, shows the job's
 * progress in a Cloudscape progress bar beside it.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useExportJob } from './use-export-job';
import type { ExportSteps } from './use-export-job';

export interface ExportButtonProps<F extends { job_id: string }> extends ExportSteps<F> {
  disabled?: boolean;
  /** The button's text (default 'Export'). */
  label?: string;
}

export function ExportButton<F extends { job_id: string }>({ create, download, failure, disabled, label = 'Export' }: ExportButtonProps<F>) {
  const { run, progress } = useExportJob();
  const running = progress !== null;
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      {running && (
        <Box data-testid="export-progress">
          <div style={{ width: 160 }}>
            <ProgressBar value={progress} ariaLabel="Export progress" />
          </div>
        </Box>
      )}
      <Button iconName="download" disabled={disabled} loading={running} onClick={() => void run({ create, download, failure })}>{label}</Button>
    </SpaceBetween>
  );
}
