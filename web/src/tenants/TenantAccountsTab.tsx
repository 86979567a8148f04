/**
 * Tenant Accounts (Manage Users, spec §2 Reading A): facility number, tenant name, insur ledger id and
 * unit filters with Search and Reset; 100 rows of facility number, tenant name, insur ledger id, unit
 * and access code; a load error shows the server's text (or 'Unknown error loading users.') with Retry.
 * The applied filters and the page live in the address under 'accounts.' (useListUrl).
 */
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { TenantAccount } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { ServerTablePagination } from '../widgets/ServerTablePagination';
import { textParam } from '../widgets/list-url';
import type { UrlParam } from '../widgets/list-url';
import { useListUrl } from '../widgets/use-list-url';
import { useSearchFilters } from '../widgets/use-search-filters';
import { useServerTable } from '../widgets/use-server-table';
import { fetchTenantAccountsPage, tenantAccountsKey } from './tenants-api';
import type { TenantAccountFilters } from './tenants-api';
import { tenantName } from './tenant-format';
import { TenantNameCell } from './TenantPageLink';
import { formatAccessCode } from '../../../shared/access-code';
import { RefreshButton } from '../widgets/RefreshButton';

const FIELDS = [
  ['facility_number', 'Facility Number'],
  ['tenant_name', 'Tenant Name'],
  ['insur_ledger_id', 'Insur Ledger ID'],
  ['unit', 'Unit'],
] as const;
type Field = (typeof FIELDS)[number][0];
type Typed = Record<Field, string>;
const PARAMS = Object.fromEntries(FIELDS.map(([name]) => [name, textParam(name)])) as Record<Field, UrlParam<string>>;

/** Spec §5: tenant text filters are sent only when longer than 1 character. */
function filtersOf(typed: Typed): TenantAccountFilters {
  return Object.fromEntries(FIELDS.flatMap(([name]) => (typed[name].trim().length > 1 ? [[name, typed[name].trim()]] : [])));
}

export function TenantAccountsTab() {
  const url = useListUrl(PARAMS, { prefix: 'accounts.' });
  const form = useSearchFilters(url, filtersOf);
  const table = useServerTable({ queryKey: tenantAccountsKey, query: form.filters, fetchPage: fetchTenantAccountsPage, place: url.place });
  const { result, pagination } = table;

  const search = (event: FormEvent) => {
    event.preventDefault();
    form.search();
  };
  const counter = pagination ? `(${pagination.total.toLocaleString()}${pagination.exact === false && pagination.next_cursor ? '+' : ''})` : undefined;

  return (
    <Table<TenantAccount>
      {...table.tableProps}
      variant="container"
      loadingText="Loading tenant accounts"
      ariaLabels={{ tableLabel: 'Tenant accounts' }}
      header={
        <Header
          counter={counter}
          actions={<RefreshButton list={result} ariaLabel="Refresh tenant accounts" />}
        >
          Tenant Accounts
        </Header>
      }
      filter={
        <form onSubmit={search} noValidate>
          <Grid gridDefinition={[{ colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 3 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 6, m: 2 } }, { colspan: { default: 12, m: 3 } }]}>
            {FIELDS.map(([name, label]) => (
              <Input
                key={name}
                type="search"
                value={form.draft[name]}
                placeholder={label}
                ariaLabel={label}
                onChange={({ detail }) => form.setDraft((t) => ({ ...t, [name]: detail.value }))}
              />
            ))}
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={form.reset}>Reset</Button>
              <Button formAction="submit" variant="primary">Search</Button>
            </SpaceBetween>
          </Grid>
        </form>
      }
      columnDefinitions={[
        { id: 'facility_number', header: 'Facility Number', cell: (t) => t.facility_number },
        { id: 'name', header: 'Tenant Name', cell: (t) => <TenantNameCell id={t.id} name={tenantName(t)} />, isRowHeader: true },
        { id: 'insur_ledger_id', header: 'Insur Ledger ID', cell: (t) => t.insur_ledger_id },
        { id: 'unit', header: 'Unit', cell: (t) => t.unit },
        { id: 'access_code', header: 'Access Code', cell: (t) => formatAccessCode(t.access_code) },
      ]}
      pagination={<ServerTablePagination table={table} />}
      empty={
        result.isError ? (
          <Box textAlign="center" color="text-status-error" data-testid="tenant-accounts-error">
            <SpaceBetween size="xs">
              <span>{errorText(result.error, 'Unknown error loading users.')}</span>
              <Box textAlign="center"><Button variant="inline-link" onClick={() => void result.refetch()}>Retry</Button></Box>
            </SpaceBetween>
          </Box>
        ) : (
          <Box textAlign="center" color="inherit">No users to show.</Box>
        )
      }
    />
  );
}
