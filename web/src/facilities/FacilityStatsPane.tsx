/**
 * 'Your Facility' (spec §2 'Facility stats pane'): collapsible; the facility number as ID, the address,
 * Charge Applied, Opted Out, Provided Proof and Selected Coverage with their percentages (a missing count
 * shows 0), and Total Tenants. Nothing is shown while no facility is loaded.
 */
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { FacilityStats } from '../../../shared/contracts/program';

export interface StatsPaneFacility {
  facility_number: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  stats?: Partial<FacilityStats> | null;
}

type Counted = 'charge_applied' | 'opted_out' | 'provided_proof' | 'selected_coverage';
const COUNTS: [Counted, string][] = [
  ['charge_applied', 'Charge Applied'],
  ['opted_out', 'Opted Out'],
  ['provided_proof', 'Provided Proof'],
  ['selected_coverage', 'Selected Coverage'],
];

export function FacilityStatsPane({ facility, defaultExpanded = true }: { facility: StatsPaneFacility | null | undefined; defaultExpanded?: boolean }) {
  if (!facility) return null;
  const stats = facility.stats ?? {};
  const count = (key: Counted) => `${stats[key] ?? 0} (${Math.floor(stats[`${key}_percentage`] ?? 0)}%)`;
  return (
    <ExpandableSection variant="container" headerText="Your Facility" defaultExpanded={defaultExpanded} data-testid="your-facility">
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'ID', value: facility.facility_number },
          {
            label: 'Address',
            value: (
              <>
                {facility.address}
                <br />
                {facility.city}, {facility.state} {facility.zip_code}
              </>
            ),
          },
          ...COUNTS.map(([key, label]) => ({ label, value: count(key) })),
          { label: 'Total Tenants', value: stats.tenant_count ?? 0 },
        ]}
      />
    </ExpandableSection>
  );
}
