/**
 * Send Proof Letters (/send-letters, spec tenants-letters-users §2 'Send Letters', §4, §5, §8, §9): the
 * 'By Facility' and 'By State' tabs choose whose tenants are listed; the filter with its counts; the
 * 100-row table (reloaded 400 ms after a change) with checkboxes (at most 300 checked); Remove
 * Ineligible Tenants and Sync Tenant Statuses; and the letter buttons with their sending flow. Tenants
 * tagged for removal block every letter until they are removed or untagged: the warning says how many
 * and links to them in the Master Tenants List. The tab, facility (by its number), cycle, state, filter and
 * page live in the address (useListUrl), so Back, reload and a shared link come back to the same tenants.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAILING_FILTERS, TAGGED_FOR_REMOVAL_WARNING } from '../../../shared/contracts/letters';
import type { MailingCountKey, MailingFilter } from '../../../shared/contracts/letters';
import { MAX_BULK_TENANTS } from '../../../shared/contracts/tenants';
import { countOf } from '../../../shared/format';
import { STATE_CODES } from '../../../shared/states';
import type { StateCode } from '../../../shared/states';
import type { FoundFacility } from '../facilities/FindFacilityCard';
import { useFollow } from '../shell/follow';
import { useToast } from '../shell/toasts';
import { tenantName } from '../tenants/tenant-format';
import { SelectionLimitModal } from '../widgets/SelectionLimitModal';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { choiceParam, textParam } from '../widgets/list-url';
import { useDebouncedValue } from '../widgets/use-debounced-value';
import { useListUrl } from '../widgets/use-list-url';
import { useServerTable } from '../widgets/use-server-table';
import { LetterScopeTabs } from './LetterScopeTabs';
import { facilityOfNumberKey, fetchMailingPage, mailingListKey, useFacilityCycles, useFacilityOfNumber, useMailingCounts, useReloadLetters } from './letters-api';
import type { MailingQuery } from './letters-api';
import { scopeOf, taggedTenantsHref } from './letter-scope';
import type { LetterTab } from './letter-scope';
import { mailingColumns } from './mailing-columns';
import { MailingFilterSelect } from './MailingFilterSelect';
import { SendLetterModals } from './SendLetterModals';
import { useLedgerButtons } from './use-ledger-buttons';
import { useSendLetters } from './use-send-letters';
import type { LetterChoice } from './use-send-letters';

/** Spec §9: the table reloads 400 ms after the scope or filter stops changing. */
export const MAILING_DEBOUNCE_MS = 400;
/** The spec's text, in the singular for one tenant (issue 24: no '1 tenants'). */
export const hiddenText = (n: number) =>
  (n === 1 ? '1 tenant is hidden because it has an incomplete address!' : `${countOf(n, 'tenant')} are hidden because they have an incomplete address!`);

const PARAMS = {
  tab: choiceParam<LetterTab>('tab', ['facility', 'state'], 'facility'),
  facilityNumber: textParam('facility_number'),
  cycleId: textParam('cycle_id'),
  state: choiceParam<StateCode | ''>('state', STATE_CODES, ''),
  filter: choiceParam<MailingFilter>('filter', MAILING_FILTERS, 'all'),
};

const LETTER_BUTTONS: { letter: LetterChoice; text: string }[] = [
  { letter: 'initial', text: 'Audit Letter' },
  { letter: 'reminder', text: 'Reminder Letter' },
  { letter: 'welcome', text: 'Welcome Letter' },
  { letter: 'sample', text: 'Sample Letters' },
];

export default function SendLettersPage() {
  const toast = useToast();
  const follow = useFollow();
  const reload = useReloadLetters();
  const queryClient = useQueryClient();
  const url = useListUrl(PARAMS);
  const { tab, cycleId, filter } = url.values;
  const { setValues } = url;
  const state = url.values.state || null;
  const facility = useFacilityOfNumber(url.values.facilityNumber).data ?? null;
  const chooseFacility = (found: FoundFacility | null) => {
    // The facility the finder found is the one the address names: no second search for it.
    if (found) queryClient.setQueryData(facilityOfNumberKey(found.facility_number), found);
    setValues({ facilityNumber: found?.facility_number ?? '', cycleId: '' });
  };

  // One debounced value for scope and filter, compared by content; the counts and letters follow what the table shows.
  const chosen: MailingQuery = { scope: scopeOf(tab, facility, cycleId, state), filter };
  const settled = JSON.parse(useDebouncedValue(JSON.stringify(chosen), MAILING_DEBOUNCE_MS)) as MailingQuery;
  const { scope } = settled;

  const table = useServerTable({
    queryKey: mailingListKey,
    query: settled,
    fetchPage: fetchMailingPage,
    enabled: scope !== null,
    selectionLimit: MAX_BULK_TENANTS,
    place: url.place,
  });
  const counts = useMailingCounts(scope);
  const cycles = useFacilityCycles(scope?.kind === 'facility' ? scope.facility.id : undefined);
  const cycle = scope?.kind === 'facility' && scope.cycleId ? cycles.data?.find((c) => c.id === scope.cycleId) : undefined;

  const countByKey = counts.data ? Object.fromEntries(counts.data.map((c) => [c.key, c.count])) as Partial<Record<MailingCountKey, number>> : undefined;

  const flow = useSendLetters({
    scope,
    selected: table.selectedItems,
    ready: { initial: countByKey?.initial_letter_ready, reminder: countByKey?.reminder_letter_ready, welcome: countByKey?.welcome_letter_ready },
    cycleDates: { initial: cycle?.initial_letter_send_date ?? undefined, reminder: cycle?.reminder_letter_send_date ?? undefined },
    onGenerated: () => {
      table.clearSelection();
      void reload();
    },
  });
  const ledger = useLedgerButtons({ scope, hasRows: table.items.length > 0, onChecked: table.clearSelection });

  // Spec §8: a failed load of the staff list is the toast 'Error loading tenants'.
  const { result } = table;
  useEffect(() => {
    if (result.isError) toast('Error loading tenants', 'error');
  }, [result.isError, result.errorUpdatedAt, toast]);

  const info = table.response?.info;
  const tagged = info?.tagged_for_removal ?? 0;
  const hidden = info?.incomplete_address ?? 0;
  const checked = table.selectedItems.length;
  const busy = flow.progress !== null;

  const letterButtons = LETTER_BUTTONS.filter((b) => b.letter !== 'sample' || tab === 'facility').map((b) => (
    <Button
      key={b.letter}
      variant={b.letter === 'sample' ? 'normal' : 'primary'}
      disabled={tagged > 0 || busy}
      disabledReason={tagged > 0 ? TAGGED_FOR_REMOVAL_WARNING : undefined}
      onClick={() => flow.begin(b.letter)}
    >
      {b.text}
    </Button>
  ));

  const alerts = [
    // The spec's warning alone named nobody and led nowhere: it says how many, and the link lists them.
    ...(tagged > 0 && scope ? [
      <Alert key="tagged" type="warning" data-testid="tagged-warning">
        {TAGGED_FOR_REMOVAL_WARNING} {`${countOf(tagged, 'tenant')} ${tagged === 1 ? 'is' : 'are'} tagged.`}{' '}
        <Link href={taggedTenantsHref(scope)} onFollow={follow}>{tagged === 1 ? 'Show the tagged tenant' : 'Show the tagged tenants'}</Link>
      </Alert>,
    ] : []),
    ...(hidden > 0 ? [<Alert key="hidden" type="warning" data-testid="hidden-warning">{hiddenText(hidden)}</Alert>] : []),
    ...(counts.isError ? [<Alert key="counts" type="error">Error loading tenant counts</Alert>] : []),
  ];

  return (
    <ContentLayout header={<Header variant="h1">Send Proof Letters</Header>}>
      <SpaceBetween size="l">
        <LetterScopeTabs
          tab={tab}
          onTab={(next) => setValues({ tab: next })}
          facility={facility}
          onFacility={chooseFacility}
          cycleId={cycleId}
          onCycle={(next) => setValues({ cycleId: next })}
          state={state}
          onState={(next) => setValues({ state: next })}
        />
        <ServerTableFrame
          table={table}
          title="Tenants"
          description={
            checked > 0
              ? `${checked} of at most ${MAX_BULK_TENANTS} tenants checked.`
              : `Check the tenants to send a letter to, or none for the first ${MAX_BULK_TENANTS} ready ones.`
          }
          actions={letterButtons}
          refreshLabel="Refresh tenants"
          above={[
            <SpaceBetween key="tools" direction="horizontal" size="xs" alignItems="center">
              <MailingFilterSelect value={filter} onChange={(next) => setValues({ filter: next })} counts={countByKey} loading={counts.isFetching && !counts.data} failed={counts.isError} />
              {ledger.buttons}
            </SpaceBetween>,
            ...alerts,
          ]}
          testId="mailing-table"
          tableProps={{
            columnDefinitions: mailingColumns({ stateMode: scope?.kind === 'state' }),
            loadingText: 'Loading tenants',
            ariaLabels: {
              tableLabel: 'Tenants',
              selectionGroupLabel: 'Tenant selection',
              allItemsSelectionLabel: () => 'Check all tenants on this page',
              itemSelectionLabel: (_, t) => `Check ${tenantName(t)}`,
            },
            empty: scope ? (
              <TableEmptyState error={result.error} empty="No tenants to show." testId="mailing-error" />
            ) : (
              <Box textAlign="center" color="inherit">{tab === 'facility' ? 'Find a facility to list its tenants.' : 'Choose a state to list its tenants.'}</Box>
            ),
          }}
        />
      </SpaceBetween>
      <SelectionLimitModal table={table} noun="tenants" />
      <SendLetterModals flow={flow} />
      {ledger.modals}
    </ContentLayout>
  );
}
