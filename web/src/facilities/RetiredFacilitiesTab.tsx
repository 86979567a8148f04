/** Retired facilities (spec §2): 100 rows per page with pagination and refresh; the page is kept in the address. */
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useRetiredFacilities } from './facilities-api';
import { softwareLabel } from './facility-form';
import { ServerPagination } from '../widgets/ServerPagination';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { ListTableScroll } from '../widgets/ListTableScroll';
import { RefreshButton } from '../widgets/RefreshButton';
import { useListUrl } from '../widgets/use-list-url';

const NO_FILTERS = {};

/** The 'P' marker of a facility that was a prime site. */
export function PrimeMarker({ wasPrime }: { wasPrime: boolean }) {
  return wasPrime ? <span title="Was a prime site"><Badge color="blue">P</Badge></span> : null;
}

export function RetiredFacilitiesTab() {
  const { page, setPage } = useListUrl(NO_FILTERS, { prefix: 'retired.' });
  const list = useRetiredFacilities(page);
  const rows = list.isError ? [] : list.data?.data ?? [];
  const pagination = list.data?.pagination;

  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={pagination ? `(${pagination.total})` : undefined}
          actions={<RefreshButton list={list} ariaLabel="Refresh retired facilities" />}
        >
          Retired Facilities
        </Header>
      }
      footer={
        <Box float="right">
          <ServerPagination page={page} lastPage={pagination?.last_page} onChange={setPage} />
        </Box>
      }
    >
      <ListTableScroll>
        <Table
          variant="embedded"
          stickyHeader
          trackBy="id"
          items={rows}
          loading={list.isLoading}
          loadingText="Loading retired facilities"
          ariaLabels={{ tableLabel: 'Retired facilities' }}
          columnDefinitions={[
            {
              id: 'facility_number',
              header: 'Facility Number',
              isRowHeader: true,
              cell: (r) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <span>{r.facility_number}</span>
                  <PrimeMarker wasPrime={r.was_prime} />
                </SpaceBetween>
              ),
            },
            { id: 'software', header: 'Software', cell: (r) => softwareLabel(r.software) },
            { id: 'location', header: 'City, State', cell: (r) => [r.city, r.state].filter(Boolean).join(', ') },
            { id: 'total', header: 'Total Insureds', cell: (r) => r.total },
            { id: 'charge_applied', header: 'Charge Applied', cell: (r) => r.charge_applied },
            { id: 'chose_coverage', header: 'Chose Coverage', cell: (r) => r.chose_coverage },
            { id: 'non_responders', header: 'Non-Responders', cell: (r) => r.non_responders },
          ]}
          empty={<TableEmptyState error={list.error} empty="No facilities to show." />}
        />
      </ListTableScroll>
    </Container>
  );
}
