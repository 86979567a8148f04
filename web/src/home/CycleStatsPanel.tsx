/**
 * Move-Out Stats and Tenant Threshold Stats of the home dashboard (GET /api/monitors/cycle-stats):
 * each count links to the cycle list filtered by its key; a placeholder shows until it has loaded.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FilterKey } from '../../../shared/program-filters';
import { errorText } from '../api/api-error';
import { call } from '../api/client';
import { useFollow } from '../shell/follow';
import { useToast } from '../shell/toasts';
import { countOf } from '../widgets/MoreFiltersSelect';

export const MOVE_OUT_STATS: [FilterKey, string][] = [
  ['doing_move_outs', 'Move-Outs In Progress'],
  ['confirmed_move_outs', 'Confirmed Move-Outs'],
  ['confirmed_no_move_outs', 'Confirmed No Move-Outs'],
  ['total', 'Total Cycles'],
];
export const THRESHOLD_STATS: [FilterKey, string][] = [
  ['opt_outs_threshold', 'Opt-Outs > 5%'],
  ['provided_proof_threshold', 'Provided Proof > 20%'],
  ['bad_address_threshold', 'Bad Address > 5%'],
  ['moved_out_threshold', 'Moved Outs > 5%'],
];

export function useCycleStats() {
  return useQuery({ queryKey: ['cycle-stats'], queryFn: () => call('GET /api/monitors/cycle-stats') });
}

function StatGroup({ title, stats, counts }: { title: string; stats: [FilterKey, string][]; counts: ReturnType<typeof useCycleStats>['data'] }) {
  const follow = useFollow();
  return (
    <Container header={<Header variant="h2">{title}</Header>} fitHeight>
      <ColumnLayout columns={4} variant="text-grid">
        {stats.map(([key, label]) => {
          const count = countOf(counts, key);
          const href = `/manage-cycles?filter=${key}`;
          return (
            <SpaceBetween key={key} size="xxs">
              <Box variant="awsui-key-label">{label}</Box>
              {count === undefined ? (
                // Placeholder until the counts have arrived (or after they failed).
                <Box variant="awsui-value-large" color="text-status-inactive" data-testid={`stat-${key}`} aria-busy="true">
                  --
                </Box>
              ) : (
                <Link variant="awsui-value-large" href={href} onFollow={follow} ariaLabel={`${label}: ${count}`} data-testid={`stat-${key}`}>
                  {count}
                </Link>
              )}
            </SpaceBetween>
          );
        })}
      </ColumnLayout>
    </Container>
  );
}

export function CycleStatsPanel() {
  const toast = useToast();
  const stats = useCycleStats();
  useEffect(() => {
    if (stats.isError) toast(`Cycle stats could not be loaded: ${errorText(stats.error)}`, 'error');
  }, [stats.isError, stats.error, toast]);
  return (
    <ColumnLayout columns={2}>
      <StatGroup title="Move-Out Stats" stats={MOVE_OUT_STATS} counts={stats.data} />
      <StatGroup title="Tenant Threshold Stats" stats={THRESHOLD_STATS} counts={stats.data} />
    </ColumnLayout>
  );
}
