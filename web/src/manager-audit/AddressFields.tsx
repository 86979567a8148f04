/** The address box of the manager Edit Tenant modal: address, city, state (the fixed list) and zip code. */
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import { STATES } from '../../../shared/states';

export interface Address {
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

const STATE_OPTIONS: SelectProps.Option[] = STATES.map(([code, name]) => ({ value: code, label: name, tags: [code] }));

export function AddressFields({ value, onChange }: { value: Address; onChange: (next: Address) => void }) {
  const set = (name: keyof Address, text: string) => onChange({ ...value, [name]: text });
  return (
    <ColumnLayout columns={2}>
      <FormField label="Address">
        <Input value={value.address} invalid={!value.address.trim()} onChange={({ detail }) => set('address', detail.value)} ariaLabel="Address" />
      </FormField>
      <FormField label="City">
        <Input value={value.city} invalid={!value.city.trim()} onChange={({ detail }) => set('city', detail.value)} ariaLabel="City" />
      </FormField>
      <FormField label="State">
        <Select
          selectedOption={STATE_OPTIONS.find((o) => o.value === value.state.toUpperCase()) ?? null}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          filteringType="auto"
          invalid={!value.state.trim()}
          onChange={({ detail }) => set('state', detail.selectedOption.value ?? '')}
          ariaLabel="State"
        />
      </FormField>
      <FormField label="Zip Code">
        <Input value={value.zip_code} invalid={!value.zip_code.trim()} onChange={({ detail }) => set('zip_code', detail.value)} ariaLabel="Zip Code" />
      </FormField>
    </ColumnLayout>
  );
}
