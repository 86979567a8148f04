import Select from '@cloudscape-design/components/select';
import { errorText } from '../api/api-error';
import { useInsurancePrograms } from './insurance-programs-api';

/**
 * The Insurance Program filter of the facilities and cycles lists: 'All' (the empty key) first, then
 * the loaded programs (spec §2). A failed load says so inside the select; 'All' still works.
 */
export function ProgramFilterSelect({ value, onChange, inlineLabelText }: { value: string; onChange: (key: string) => void; inlineLabelText?: string }) {
  const programs = useInsurancePrograms();
  const options = [{ value: '', label: 'All' }, ...(programs.data ?? []).map((p) => ({ value: p.key, label: p.label }))];
  return (
    <Select
      selectedOption={options.find((o) => o.value === value) ?? options[0]!}
      options={options}
      statusType={programs.isLoading ? 'loading' : programs.isError ? 'error' : 'finished'}
      errorText={programs.isError ? `Programs could not be loaded: ${errorText(programs.error)}` : undefined}
      inlineLabelText={inlineLabelText}
      ariaLabel="Insurance Program"
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
    />
  );
}
