/**
 * The facility choice of Setup Tenants (spec §4 'Policy setup'): every active facility of the chosen
 * software, filtered on the server by the typed facility number and loaded 50 at a time as the list is
 * scrolled to its end (Cloudscape's manual filtering with load-more). 'None' clears the choice. A failed
 * load is the spec's modal 'Error' (§8 'Facility list failure').
 */
import { useEffect, useState } from 'react';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import type { SetupSoftware } from '../../../shared/contracts/policy-setup';
import { errorText } from '../api/api-error';
import { ErrorModal } from '../facilities/dialogs';
import { useDebouncedValue } from '../widgets/use-debounced-value';
import { useSetupFacilities } from './policy-setup-api';

export interface SetupFacility {
  id: string;
  facility_number: string;
}

/** Typing in the choice's filter asks the server once it stops for this long. */
const FILTER_DEBOUNCE_MS = 300;
const NONE: SelectProps.Option = { value: '', label: 'None' };

interface Props {
  software: SetupSoftware | null;
  facility: SetupFacility | null;
  onChange: (facility: SetupFacility | null) => void;
}

export function SetupFacilitySelect({ software, facility, onChange }: Props) {
  const [filterText, setFilterText] = useState('');
  const numberText = useDebouncedValue(filterText.trim(), FILTER_DEBOUNCE_MS);
  const facilities = useSetupFacilities(software, numberText);
  const [failure, setFailure] = useState<string | null>(null);
  const { isError, error, errorUpdatedAt } = facilities;
  useEffect(() => {
    if (isError) setFailure(errorText(error, 'The facilities could not be loaded.'));
  }, [isError, error, errorUpdatedAt]);

  const found = facilities.data?.pages.flatMap((p) => p.data) ?? [];
  const options: SelectProps.Option[] = [
    NONE,
    ...found.map((f) => ({ value: f.id, label: f.facility_number, description: f.account_name || undefined })),
  ];
  const statusType: SelectProps['statusType'] = facilities.isFetching ? 'loading' : facilities.isError ? 'error' : facilities.hasNextPage ? 'pending' : 'finished';

  return (
    <>
      <Select
        selectedOption={facility ? { value: facility.id, label: facility.facility_number } : NONE}
        options={options}
        ariaLabel="Facility"
        placeholder="Choose a software first"
        disabled={software === null}
        filteringType="manual"
        filteringPlaceholder="Find a facility number"
        filteringAriaLabel="Find a facility number"
        filteringClearAriaLabel="Clear"
        statusType={statusType}
        loadingText="Loading facilities"
        errorText="The facilities could not be loaded."
        recoveryText="Retry"
        finishedText={found.length > 0 ? `All ${found.length.toLocaleString()} facilities shown.` : undefined}
        empty="No facilities of this software."
        onLoadItems={({ detail }) => {
          if (detail.firstPage) setFilterText(detail.filteringText);
          else if (!detail.samePage && facilities.hasNextPage && !facilities.isFetchingNextPage) void facilities.fetchNextPage();
          else if (detail.samePage) void facilities.refetch();
        }}
        onChange={({ detail }) => {
          const chosen = found.find((f) => f.id === detail.selectedOption.value);
          onChange(chosen ? { id: chosen.id, facility_number: chosen.facility_number } : null);
        }}
      />
      <ErrorModal message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
