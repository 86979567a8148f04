/**
 * The 'List Setup Tenants' tab (spec §2 'Insurance Policy Management'): the tenants already set up in
 * their facility software, filtered on Search by facility number, unit, tenant name and policy number
 * (each sent when not empty, spec §5), 100 a page: facility number, unit, name, policy number. The
 * filters and page live in the address under 'set_up.' (useListUrl), apart from the other tab's.
 */
import type { FormEvent } from 'react';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { textParam } from '../widgets/list-url';
import type { UrlParam } from '../widgets/list-url';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { useServerTable } from '../widgets/use-server-table';
import { fetchSetUpPage, setUpListKey } from './policy-setup-api';
import type { SetUpListQuery } from './policy-setup-api';
import { SET_UP_COLUMNS } from './setup-columns';

const FIELDS = [
  ['facility_number', 'Facility Number'],
  ['unit', 'Unit'],
  ['name', 'Tenant Name'],
  ['policy_number', 'Policy Number'],
] as const;
type Field = (typeof FIELDS)[number][0];
type Draft = Record<Field, string>;
const PARAMS = Object.fromEntries(FIELDS.map(([field]) => [field, textParam(field)])) as Record<Field, UrlParam<string>>;

const filtersOf = (d: Draft): SetUpListQuery =>
  Object.fromEntries(FIELDS.flatMap(([field]) => (d[field].trim() ? [[field, d[field].trim()]] : []))) as SetUpListQuery;

export function ListSetupTenantsTab() {
  const url = useListUrl(PARAMS, { prefix: 'set_up.' });
  const form = useSearchFilters(url, filtersOf);
  const table = useServerTable({ queryKey: setUpListKey, query: form.filters, fetchPage: fetchSetUpPage, place: url.place });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.search();
  };
  return (
    <ServerTableFrame
      table={table}
      title="Set Up Tenants"
      description="Tenants whose insurance was set up in their facility software."
      refreshLabel="Refresh set up tenants"
      above={[
        <form key="filters" onSubmit={submit} noValidate>
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            {FIELDS.map(([field, label]) => (
              <FormField key={field} label={label}>
                <Input type="search" value={form.draft[field]} ariaLabel={label} onChange={({ detail }) => form.setDraft((d) => ({ ...d, [field]: detail.value }))} />
              </FormField>
            ))}
            <Button formAction="none" onClick={form.reset}>Reset</Button>
            <Button variant="primary" formAction="submit">Search</Button>
          </SpaceBetween>
        </form>,
      ]}
      testId="set-up-tenants-table"
      tableProps={{
        columnDefinitions: SET_UP_COLUMNS,
        loadingText: 'Loading set up tenants',
        ariaLabels: { tableLabel: 'Set up tenants' },
        empty: <TableEmptyState error={table.result.error} empty="No tenants to show." testId="set-up-tenants-error" />,
      }}
    />
  );
}
