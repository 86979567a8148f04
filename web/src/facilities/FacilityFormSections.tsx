/**
 * The sections of the facility form (spec §2): Facility Information, Manager Information, Additional
 * Contacts, Audit Letter Configuration, Coverage Rate Options, and Facility Notes on edit. Add facility
 * and the Edit facility modal both render these.
 */
import type { ReactNode } from 'react';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import type { InputProps } from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { ResponseOf } from '../api/client';
import { AdditionalContactsEditor } from './AdditionalContactsEditor';
import { CoverageOptionsEditor } from './CoverageOptionsEditor';
import { FACILITY_SOFTWARE_OPTIONS, STATE_OPTIONS } from './facility-form';
import type { FacilityFormValues, FieldName } from './facility-form';

type Programs = ResponseOf<'GET /api/insurance-programs'>;

interface Props {
  mode: 'add' | 'edit';
  values: FacilityFormValues;
  onChange: (next: FacilityFormValues) => void;
  /** The message to show under a field, if any (browser check or the server's answer). */
  fieldError: (name: FieldName) => string | undefined;
  programs: Programs;
  programsLoading: boolean;
  disabled?: boolean;
  /** Actions in the Facility Information header (Add facility: 'Load from CRM'). */
  informationActions?: ReactNode;
}

export const LEASE_LANGUAGE_OPTIONS = [
  { value: 'true', label: 'Needs updated lease language', description: 'The letters ask tenants to accept the updated insurance clause of the lease.' },
  { value: 'false', label: 'Lease language is already up to date', description: 'The current lease already carries the insurance clause.' },
];

export function FacilityFormSections({ mode, values, onChange, fieldError, programs, programsLoading, disabled, informationActions }: Props) {
  const set = <K extends FieldName>(name: K, value: FacilityFormValues[K]) => onChange({ ...values, [name]: value });

  const text = (name: FieldName, label: ReactNode, opts: { type?: InputProps.Type; inputMode?: InputProps.InputMode; optional?: boolean; placeholder?: string; description?: string } = {}) => (
    <FormField label={opts.optional ? <>{label} <i>- optional</i></> : label} errorText={fieldError(name)} description={opts.description}>
      <Input
        type={opts.type}
        inputMode={opts.inputMode}
        value={values[name] as string}
        placeholder={opts.placeholder}
        disabled={disabled}
        onChange={({ detail }) => set(name, detail.value as never)}
      />
    </FormField>
  );

  const programOptions = programs.map((p) => ({ value: p.key, label: p.label, description: p.key }));
  const selectedProgram = programOptions.find((o) => o.value === values.insurance_program_key) ?? null;
  const selectedState = STATE_OPTIONS.find((o) => o.value === values.state) ?? null;
  const selectedSoftware = FACILITY_SOFTWARE_OPTIONS.find((o) => o.value === values.software) ?? null;

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2" actions={informationActions}>Facility Information</Header>}>
        <ColumnLayout columns={2}>
          {mode === 'add' && text('facility_number', 'Facility Number')}
          {text('prime_site_id', 'Prime Site ID', { optional: true })}
          {text('account_name', 'Company Name')}
          {text('corporate_group', 'Corporate Group')}
          {text('address', 'Address')}
          {text('city', 'City')}
          <FormField label="State" errorText={fieldError('state')}>
            <Select
              selectedOption={selectedState}
              options={STATE_OPTIONS}
              filteringType="auto"
              placeholder="Choose a state"
              disabled={disabled}
              onChange={({ detail }) => set('state', detail.selectedOption.value ?? '')}
            />
          </FormField>
          {text('zip_code', 'Zip Code')}
          <FormField label="Software" errorText={fieldError('software')}>
            <Select
              selectedOption={selectedSoftware}
              options={[...FACILITY_SOFTWARE_OPTIONS]}
              placeholder="Choose the facility's software"
              disabled={disabled}
              onChange={({ detail }) => set('software', detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Insurance Program" errorText={fieldError('insurance_program_key')}>
            <Select
              selectedOption={selectedProgram}
              options={programOptions}
              statusType={programsLoading ? 'loading' : 'finished'}
              loadingText="Loading programs"
              placeholder="Choose a program"
              disabled={disabled}
              onChange={({ detail }) => set('insurance_program_key', detail.selectedOption.value ?? '')}
            />
          </FormField>
        </ColumnLayout>
      </Container>

      <Container header={<Header variant="h2">Manager Information</Header>}>
        <ColumnLayout columns={2}>
          {text('contact_name', 'Manager Name')}
          {text('email', mode === 'add' ? 'Site Email' : 'Manager Email', { type: 'email' })}
          {text('phone', 'Phone', { inputMode: 'tel' })}
          {text('fax', 'Fax', { inputMode: 'tel', optional: true })}
        </ColumnLayout>
      </Container>

      <Container header={<Header variant="h2" description="People besides the manager who should hear about this facility.">Additional Contacts</Header>}>
        <FormField stretch errorText={fieldError('additional_contacts')}>
          <AdditionalContactsEditor contacts={values.additional_contacts} onChange={(next) => set('additional_contacts', next)} />
        </FormField>
      </Container>

      <Container header={<Header variant="h2">Audit Letter Configuration</Header>}>
        <SpaceBetween size="l">
          <FormField label="Lease language" errorText={fieldError('uses_updated_lease_language')}>
            <RadioGroup
              value={String(values.uses_updated_lease_language)}
              items={LEASE_LANGUAGE_OPTIONS.map((o) => ({ ...o, disabled }))}
              onChange={({ detail }) => set('uses_updated_lease_language', detail.value === 'true')}
            />
          </FormField>
          <ColumnLayout columns={2}>
            {text('lease_section_number', 'Lease Section Number', { optional: true })}
            <span />
          </ColumnLayout>
          <FormField label={<>Lease Section Text <i>- optional</i></>} errorText={fieldError('lease_section_text')} stretch>
            <Textarea value={values.lease_section_text} rows={3} disabled={disabled} onChange={({ detail }) => set('lease_section_text', detail.value)} />
          </FormField>
          <ColumnLayout columns={2}>
            {text('brochure_url', 'Brochure URL', { type: 'url', placeholder: 'https://' })}
            {text('certificate_url', 'Certificate URL', { type: 'url', placeholder: 'https://' })}
          </ColumnLayout>
          <FormField label="Move-outs" errorText={fieldError('can_tag_removal')}>
            <Checkbox checked={values.can_tag_removal} disabled={disabled} onChange={({ detail }) => set('can_tag_removal', detail.checked)}>
              The manager can tag tenants for removal (mark move-outs)
            </Checkbox>
          </FormField>
        </SpaceBetween>
      </Container>

      <Container header={<Header variant="h2" description="At least one coverage option is required.">Coverage Rate Options</Header>}>
        <CoverageOptionsEditor
          coverages={values.coverages}
          onChange={(next) => set('coverages', next)}
          facilityNumber={values.facility_number}
          state={values.state}
          errorText={fieldError('coverages')}
        />
      </Container>

      {mode === 'edit' && (
        <Container header={<Header variant="h2">Facility Notes</Header>}>
          <FormField label="Note" description="Shown to staff beside the facility in the list." errorText={fieldError('note')} stretch>
            <Textarea value={values.note} rows={3} disabled={disabled} onChange={({ detail }) => set('note', detail.value)} />
          </FormField>
        </Container>
      )}
    </SpaceBetween>
  );
}
