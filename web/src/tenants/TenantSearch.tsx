/**
 * The staff app's tenant search, in the navigation bar of every page (issue 24, "One tenant's whole
 * story"): a name in any part, a unit, an insur ledger id, an access code (as printed or typed) or an
 * e-mail address. The hits show as it is typed; choosing one, or Enter when exactly one tenant matches,
 * opens its tenant page. The server tries every kind at once (GET /api/tenants/search); a phone number
 * finds nothing, as tenants have none (docs/decisions.md "One tenant's whole story").
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import type { AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenantSearchHit } from '../../../shared/contracts/tenant-story';
import { errorText } from '../api/api-error';
import { useDebouncedValue } from '../widgets/use-debounced-value';
import { tenantName } from './tenant-format';
import { searchTenants, tenantPagePath } from './tenant-story-api';
import { TENANTS_KEY } from './tenants-api';

const SEARCH_DEBOUNCE_MS = 300;
const MATCHED: Record<TenantSearchHit['matched'], string> = { access_code: 'Access code', insur_ledger_id: 'Insur ledger ID', unit: 'Unit', email: 'E-mail', name: 'Name' };

const searchKey = (q: string) => [TENANTS_KEY, 'search', q];

const optionOf = (h: TenantSearchHit): AutosuggestProps.Option => ({
  value: h.id,
  label: tenantName(h),
  description: `Unit ${h.unit} · Facility ${h.facility_number}${h.cycle_label ? ` · ${h.cycle_label}` : ''}`,
  tags: [`${MATCHED[h.matched]} matches`],
});

export default function TenantSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const typed = value.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useQuery({ queryKey: searchKey(settled), queryFn: () => searchTenants(settled), enabled: settled.length > 0, staleTime: 30_000 });
  const current = settled === typed ? search : null;

  const open = (id: string) => {
    setValue('');
    void navigate(tenantPagePath(id));
  };

  /** Enter on what was typed: straight to the tenant when only one matches (searched now if the hits are not in yet). */
  const enter = async () => {
    if (!typed) return;
    const found = await queryClient.fetchQuery({ queryKey: searchKey(typed), queryFn: () => searchTenants(typed), staleTime: 30_000 }).catch(() => null);
    if (found?.data.length === 1) open(found.data[0]!.id);
  };

  const statusType: AutosuggestProps.StatusType = !typed ? 'finished' : !current || current.isFetching ? 'loading' : current.isError ? 'error' : 'finished';
  return (
    <Autosuggest
      value={value}
      onChange={({ detail }) => setValue(detail.value)}
      onSelect={({ detail }) => {
        if (detail.selectedOption?.value) open(detail.selectedOption.value);
        else void enter();
      }}
      options={current?.data?.data.map(optionOf) ?? []}
      filteringType="manual"
      statusType={statusType}
      loadingText="Searching tenants"
      errorText={current?.isError ? errorText(current.error) : undefined}
      empty={typed ? 'No tenant found.' : undefined}
      finishedText={current?.data?.more ? 'More tenants match than these: narrow it on the Master Tenants List (facility, cycle, name, unit).' : undefined}
      hideEnteredTextOption
      placeholder="Find a tenant"
      ariaLabel="Find a tenant by name, unit, insur ledger ID, access code or e-mail"
      clearAriaLabel="Clear the tenant search"
      data-testid="tenant-search"
    />
  );
}
