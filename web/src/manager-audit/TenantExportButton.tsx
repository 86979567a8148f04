/**
 * Cycle Audit's export (GET /api/exports/manager-tenants, the file tenant_list.xlsx): the same job flow
 * as web/src/jobs (queue, poll with a progress bar, open the presigned link, popup hint), except that a
 * failure is only logged, as the spec says of the manager view's export (§8). useExportJob toasts its
 * failures and has no option to log instead, hence this small copy of its loop.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { call } from '../api/client';
import { POPUP_HINT } from '../facilities/popup-hint';
import { JOB_POLL_MS, JOB_WAIT_MS } from '../jobs/use-export-job';
import { useToast } from '../shell/toasts';
import { createTenantsExport, downloadTenantsExport } from './manager-audit-api';
import type { FacilityTenantsQuery } from './manager-audit-api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function TenantExportButton({ cycleId, filter, disabled }: { cycleId: string; filter: FacilityTenantsQuery['filter']; disabled?: boolean }) {
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const show = (value: number | null) => {
    if (mounted.current) setProgress(value);
  };

  const run = async () => {
    show(0);
    try {
      const file = await createTenantsExport(cycleId, filter);
      const deadline = Date.now() + JOB_WAIT_MS;
      for (;;) {
        const job = await call('GET /api/jobs/{id}', { params: { id: file.job_id } });
        show(job.progress);
        if (job.status === 'done') break;
        if (job.status === 'failed') throw new Error(job.error || 'The export could not be written.');
        if (Date.now() > deadline) throw new Error('The export took too long.');
        if (!mounted.current) return;
        await sleep(JOB_POLL_MS);
      }
      const link = await downloadTenantsExport(file);
      window.open(link.url, '_blank', 'noopener');
      toast(POPUP_HINT);
    } catch (err) {
      console.error('The tenant export failed:', err);
    } finally {
      show(null);
    }
  };

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
      <Button iconName="download" disabled={disabled} loading={running} onClick={() => void run()}>Export</Button>
    </SpaceBetween>
  );
}
