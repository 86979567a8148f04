/** Cycle Audit's filter select: the keys of GET /api/cycles/{id}/tenant-filters, each with its count as a badge. */
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import { useCycleTenantFilters } from './manager-audit-api';

/** The key that filters nothing; the list is asked without a filter then. */
export const ALL_TENANTS = 'all';

export function TenantFilterSelect({ cycleId, value, onChange }: { cycleId: string; value: string; onChange: (key: string) => void }) {
  const filters = useCycleTenantFilters(cycleId);
  const options: SelectProps.Option[] = (filters.data ?? []).map((f) => ({ value: f.key, label: f.label, labelTag: String(f.count) }));
  const selected = options.find((o) => o.value === value) ?? { value, label: value === ALL_TENANTS ? 'All Tenants' : value };
  return (
    <Select
      selectedOption={selected}
      options={options}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? ALL_TENANTS)}
      triggerVariant="option"
      inlineLabelText="Filter"
      ariaLabel="Filter"
      statusType={filters.isLoading ? 'loading' : filters.isError ? 'error' : 'finished'}
      loadingText="Loading filters"
      errorText="The filters could not be loaded."
    />
  );
}
