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

export function AddressFields({ value, onChange, errors = {} }: { value: Address; onChange: (next: Address) => void; errors?: Partial<Record<keyof Address, string>> }) {
  const set = (name: keyof Address, text: string) => onChange({ ...value, [name]: text });
  return (
    <ColumnLayout columns={2}>
      <FormField label="Address" errorText={errors.address}>
        <Input value={value.address} invalid={!!errors.address || !value.address.trim()} onChange={({ detail }) => set('address', detail.value)} ariaLabel="Address" />
      </FormField>
      <FormField label="City" errorText={errors.city}>
        <Input value={value.city} invalid={!!errors.city || !value.city.trim()} onChange={({ detail }) => set('city', detail.value)} ariaLabel="City" />
      </FormField>
      <FormField label="State" errorText={errors.state}>
        <Select
          selectedOption={STATE_OPTIONS.find((o) => o.value === value.state.toUpperCase()) ?? null}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          filteringType="auto"
          invalid={!!errors.state || !value.state.trim()}
          onChange={({ detail }) => set('state', detail.selectedOption.value ?? '')}
          ariaLabel="State"
        />
      </FormField>
      <FormField label="Zip Code" errorText={errors.zip_code}>
        <Input value={value.zip_code} invalid={!!errors.zip_code || !value.zip_code.trim()} onChange={({ detail }) => set('zip_code', detail.value)} ariaLabel="Zip Code" />
      </FormField>
    </ColumnLayout>
  );
}
