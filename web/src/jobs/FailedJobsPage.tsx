/**
 * Failed jobs (/failed-jobs, admin and monitor; issue 26, docs/decisions.md "Failed jobs"): the jobs that
 * failed, stalled (their worker died) or sit in a dead-letter queue, newest first, 100 a page. Per row:
 * Retry (the same job back on its queue), Retry all of this kind, Dismiss (with a reason kept on the
 * job), and a link to the job's own view where one exists. Each action says what happened in a toast,
 * and the list reloads: a retried or dismissed job leaves it.
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useQueryClient } from '@tanstack/react-query';
import type { FailedJobRow } from '../../../shared/contracts/failed-jobs';
import { errorText } from '../api/api-error';
import { importTime } from '../imports/import-history-columns';
import { useFollow } from '../shell/follow';
import { useToast } from '../shell/toasts';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { StatusIndicator } from '../widgets/StatusIndicator';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useServerTable } from '../widgets/use-server-table';
import { DismissJobModal } from './DismissJobModal';
import { failedJobListKey, failedJobsKey, fetchFailedJobsPage, retryAllOfType, retryFailedJob } from './failed-jobs-api';

const NO_FILTERS = {};

interface Actions {
  retry: (job: FailedJobRow) => void;
  retryAll: (job: FailedJobRow) => void;
  dismiss: (job: FailedJobRow) => void;
  busy: boolean;
  follow: ReturnType<typeof useFollow>;
}

const jobName = (job: FailedJobRow) => `the ${job.kind} job of ${importTime(job.created_at)}`;

function columns({ retry, retryAll, dismiss, busy, follow }: Actions): TableProps.ColumnDefinition<FailedJobRow>[] {
  return [
    {
      id: 'kind', header: 'Kind', isRowHeader: true, minWidth: 170,
      cell: (job) => (job.link
        ? <Link href={job.link} onFollow={follow} ariaLabel={`Open where ${jobName(job)} shows`}>{job.kind}</Link>
        : job.kind),
    },
    {
      id: 'trouble', header: 'State', minWidth: 150,
      cell: (job) => (
        <SpaceBetween size="xxxs">
          <StatusIndicator type={job.trouble === 'failed' ? 'error' : 'warning'}>{job.trouble === 'failed' ? 'Failed' : 'Stalled'}</StatusIndicator>
          {job.in_dead_letter_queue && <Box variant="small">In the dead-letter queue</Box>}
        </SpaceBetween>
      ),
    },
    // In full, wrapped, next to the state: what went wrong is what staff read this page for.
    {
      id: 'error', header: 'Error', minWidth: 280,
      cell: (job) => job.error ?? (job.last_error ? `Before the last retry: ${job.last_error}` : 'No error recorded (the worker stopped)'),
    },
    { id: 'started_by', header: 'Started by', cell: (job) => job.started_by ?? '(account gone)', minWidth: 110 },
    { id: 'created_at', header: 'Started', cell: (job) => importTime(job.created_at), minWidth: 150 },
    { id: 'updated_at', header: 'Last heard of', cell: (job) => importTime(job.updated_at), minWidth: 150 },
    {
      id: 'where', header: 'Facility / cycle', minWidth: 140,
      cell: (job) => [job.facility_number, job.cycle_label].filter(Boolean).join(' / ') || '-',
    },
    { id: 'tries', header: 'Tries', cell: (job) => job.tries, minWidth: 70 },
    {
      id: 'actions', header: 'Actions', minWidth: 260,
      cell: (job) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Button variant="inline-link" disabled={busy} ariaLabel={`Retry ${jobName(job)}`} onClick={() => retry(job)}>Retry</Button>
          <Button variant="inline-link" disabled={busy} ariaLabel={`Retry every ${job.kind} job`} onClick={() => retryAll(job)}>Retry all of this kind</Button>
          <Button variant="inline-link" disabled={busy} ariaLabel={`Dismiss ${jobName(job)}`} onClick={() => dismiss(job)}>Dismiss</Button>
        </SpaceBetween>
      ),
    },
  ];
}

export default function FailedJobsPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const follow = useFollow();
  const [busy, setBusy] = useState(false);
  const [dismissing, setDismissing] = useState<FailedJobRow | null>(null);
  const table = useServerTable({ queryKey: failedJobListKey, query: NO_FILTERS, fetchPage: fetchFailedJobsPage });
  const reload = () => void queryClient.invalidateQueries({ queryKey: failedJobsKey });

  const act = async (run: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      toast((await run()).message);
    } catch (err) {
      toast(errorText(err), 'error');
    } finally {
      setBusy(false);
      reload();
    }
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Background work that failed, stopped without finishing, or sits in a dead-letter queue. A retry runs the same job again from where it stopped; nothing it already did is done twice.">
          Failed jobs
        </Header>
      }
    >
      <ServerTableFrame
        table={table}
        title="Jobs that need you"
        description="Newest first. Stalled: a job still queued or running long after its worker's time ran out."
        refreshLabel="Refresh failed jobs"
        above={table.response?.dead_letter_look_complete === false ? [
          <Alert key="dlq" type="warning">A dead-letter queue holds more messages than one look reads: some of its jobs may be missing here. Ops can redrive it (npm run ops -- jobs redrive).</Alert>,
        ] : []}
        testId="failed-jobs-table"
        tableProps={{
          columnDefinitions: columns({
            retry: (job) => void act(() => retryFailedJob(job.id)),
            retryAll: (job) => void act(() => retryAllOfType(job.type)),
            dismiss: setDismissing,
            busy,
            follow,
          }),
          wrapLines: true,
          // The job and its actions stay in view while the columns between scroll (a phone, a narrow window).
          stickyColumns: { first: 1, last: 1 },
          loadingText: 'Loading failed jobs',
          ariaLabels: { tableLabel: 'Failed jobs' },
          empty: <TableEmptyState error={table.result.error} empty="No job needs you: nothing failed or stalled." testId="failed-jobs-error" />,
        }}
      />
      {dismissing && (
        <DismissJobModal
          key={dismissing.id}
          job={dismissing}
          onClose={() => setDismissing(null)}
          onRefused={reload}
          onDismissed={() => {
            toast(`The ${dismissing.kind} job was dismissed; the reason is kept on it.`);
            setDismissing(null);
            reload();
          }}
        />
      )}
    </ContentLayout>
  );
}
