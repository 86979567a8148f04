import type { FormEvent } from 'react';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { textParam } from './list-url';
import type { SearchFilters } from './use-search-filters';

export interface FacilityDraft {
  facilityNumber: string;
}

/** Where the address keeps the form's facility number (useListUrl). */
export const FACILITY_NUMBER_PARAM = textParam('facility_number');

/** The draft's fields that hold a string: the ones a Select can fill. */
type StringField<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/** The one Select a page adds beside the facility number: its label (also its aria label) and its own options. */
export interface FilterSelect<D> {
  field: StringField<D>;
  label: string;
  /** The values of `field`; the first ('All ...', value '') is shown while the field is blank. */
  options: readonly SelectProps.Option[];
}

interface Props<D extends FacilityDraft> {
  form: SearchFilters<D, unknown>;
  select?: FilterSelect<D>;
}

/**
 * The filter form of the lists filtered on Search (Import History, Letter Batches, Removed Tenants):
 * 'Facility Number', the page's Select if it has one, Reset and Search. Its state is useSearchFilters.
 */
export function FacilityFilterForm<D extends FacilityDraft>({ form: { draft, setDraft, search, reset }, select }: Props<D>) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search();
  };
  return (
    <form onSubmit={submit} noValidate>
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        <FormField label="Facility Number">
          <Input type="search" value={draft.facilityNumber} ariaLabel="Facility Number" onChange={({ detail }) => setDraft((d) => ({ ...d, facilityNumber: detail.value }))} />
        </FormField>
        {select ? (
          <FormField label={select.label}>
            <Select
              selectedOption={select.options.find((o) => o.value === draft[select.field]) ?? select.options[0]!}
              options={select.options}
              ariaLabel={select.label}
              onChange={({ detail }) => setDraft((d) => ({ ...d, [select.field]: detail.selectedOption.value ?? '' }))}
            />
          </FormField>
        ) : null}
        <Button formAction="none" onClick={reset}>Reset</Button>
        <Button variant="primary" formAction="submit">Search</Button>
      </SpaceBetween>
    </form>
  );
}
