/** The stats card of the master list (spec §2 Reading B): six counts with their percentage of Total Active. */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { TenantStatsCard as Stats } from '../../../shared/contracts/tenants';

const ITEMS = [
  ['charge_applied', 'Charge Applied'],
  ['opted_out', 'Opted Out'],
  ['provided_proof', 'Provided Proof'],
  ['selected_coverage', 'Selected Coverage'],
  ['potential_for_coverage', 'Potential for Coverage'],
  ['total_active', 'Total Active'],
] as const;

export function TenantStatsCard({ stats, scope }: { stats: Stats | undefined; scope: string }) {
  return (
    <Container header={<Header variant="h2" description={scope}>Tenant Stats</Header>}>
      <ColumnLayout columns={6} variant="text-grid">
        {ITEMS.map(([key, label]) => (
          <div key={key} data-testid={`stat-${key}`}>
            <Box variant="awsui-key-label">{label}</Box>
            <Box variant="awsui-value-large">{stats ? stats[key].toLocaleString() : '-'}</Box>
            <Box color="text-body-secondary">{stats ? `${stats[`${key}_percentage`]}%` : ''}</Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}
