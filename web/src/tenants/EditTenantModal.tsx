/**
 * Edit Tenant (staff, spec §2 'Edit tenant modal (staff list)'): every tenant field staff edit, the
 * note and monitor note, tag or untag for removal and the charge confirmation; a History tab lists
 * the tenant's recorded changes. Errors stay inside the modal: beside the field the server names, or
 * above Save (a 409 when someone else saved the tenant first).
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import type { TenantView } from '../../../shared/contracts/tenants';
import { STATES } from '../../../shared/states';
import { ApiError, errorText } from '../api/api-error';
import { DateField } from '../widgets/DateField';
import { DATE_FIELDS, TEXT_FIELDS, changesOf, formValuesOf, problemsOf } from './tenant-form';
import { useRevealFirstInvalid } from '../widgets/form-validation';
import type { DateFieldName, TenantFormValues, TextField } from './tenant-form';
import { TenantHistory } from './TenantHistory';
import { useUpdateTenant } from './tenants-api';
import { fullName } from './tenant-format';
import { formatAccessCode } from '../../../shared/access-code';

const STATE_OPTIONS = [{ value: '', label: 'No state' }, ...STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }))];
const DATE_FORMAT = 'M/dd/yyyy';
const FORM_ID = 'edit-tenant-form';

interface Props {
  tenant: TenantView;
  onClose: () => void;
  onSaved: (tenant: TenantView) => void;
}

export function EditTenantModal({ tenant, onClose, onSaved }: Props) {
  const update = useUpdateTenant();
  const [values, setValues] = useState<TenantFormValues>(() => formValuesOf(tenant));
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();
  const [tab, setTab] = useState('details');
  const problems = submitted ? problemsOf(values) : {};
  const serverError = update.error;
  const serverField = serverError instanceof ApiError ? serverError.field : undefined;
  const knownFields = new Set<string>([...TEXT_FIELDS.map(([n]) => n), ...DATE_FIELDS.map(([n]) => n), 'state', 'note', 'monitor_note']);
  const fieldError = (name: string) =>
    (problems as Record<string, string | undefined>)[name] ?? (serverField === name ? errorText(serverError) : undefined);

  const setText = (name: TextField, value: string) => setValues((v) => ({ ...v, text: { ...v.text, [name]: value } }));
  const setDate = (name: DateFieldName, value: string | null) => setValues((v) => ({ ...v, dates: { ...v.dates, [name]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problemsOf(values)).length > 0) {
      setTab('details');
      reveal();
      return;
    }
    update.mutate({ id: tenant.id, body: changesOf(tenant, values) }, { onSuccess: ({ tenant: saved }) => onSaved(saved), onError: reveal });
  };

  const textInput = (name: TextField, label: string, description?: string) => (
    <FormField key={name} label={label} description={description} errorText={fieldError(name)}>
      <Input value={values.text[name]} onChange={({ detail }) => setText(name, detail.value)} ariaLabel={label} autoComplete={false} />
    </FormField>
  );

  const details = (
    <form ref={ref} id={FORM_ID} onSubmit={submit} noValidate>
      <Form errorText={serverError && !(serverField && knownFields.has(serverField)) ? errorText(serverError) : undefined} errorIconAriaLabel="Error">
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {TEXT_FIELDS.slice(0, 5).map(([name, label]) => textInput(name, label))}
            <FormField label="State" errorText={fieldError('state')}>
              <Select
                selectedOption={STATE_OPTIONS.find((o) => o.value === values.text.state) ?? { value: values.text.state, label: values.text.state }}
                options={STATE_OPTIONS}
                filteringType="auto"
                ariaLabel="State"
                onChange={({ detail }) => setText('state', detail.selectedOption.value ?? '')}
              />
            </FormField>
            {TEXT_FIELDS.slice(5, 8).map(([name, label]) => textInput(name, label))}
            {textInput('units', 'Units', 'Comma-separated, for a tenant with several units.')}
            {TEXT_FIELDS.slice(9).map(([name, label]) => textInput(name, label))}
            <FormField label="Access Code" description="The program's own: the tenant signs in to the response portal with it.">
              <Input value={formatAccessCode(tenant.access_code ?? '')} readOnly ariaLabel="Access Code" />
            </FormField>
            {DATE_FIELDS.map(([name, label]) => (
              <FormField key={name} label={label} errorText={fieldError(name)}>
                <DateField value={values.dates[name]} format={DATE_FORMAT} ariaLabel={label} onChange={(value) => setDate(name, value)} />
              </FormField>
            ))}
          </ColumnLayout>
          <ColumnLayout columns={2}>
            <FormField label="Note" errorText={fieldError('note')}>
              <Textarea value={values.text.note} rows={4} ariaLabel="Note" onChange={({ detail }) => setText('note', detail.value)} />
            </FormField>
            <FormField label="Monitor Note" errorText={fieldError('monitor_note')}>
              <Textarea value={values.text.monitor_note} rows={4} ariaLabel="Monitor Note" onChange={({ detail }) => setText('monitor_note', detail.value)} />
            </FormField>
          </ColumnLayout>
          <SpaceBetween size="xs">
            <Checkbox checked={values.tagged_for_removal} onChange={({ detail }) => setValues((v) => ({ ...v, tagged_for_removal: detail.checked }))}>
              Tagged for removal
            </Checkbox>
            <Checkbox checked={values.charge_applied} onChange={({ detail }) => setValues((v) => ({ ...v, charge_applied: detail.checked }))}>
              Confirm that insurance charge has been applied
            </Checkbox>
          </SpaceBetween>
        </SpaceBetween>
      </Form>
    </form>
  );

  return (
    <Modal
      visible
      size="max"
      onDismiss={() => {
        if (!update.isPending) onClose();
      }}
      closeAriaLabel="Close"
      header={<Header variant="h2" description={`Facility ${tenant.facility_number}, ${tenant.cycle_label}, unit ${tenant.unit}`}>Edit Tenant {fullName(tenant)}</Header>}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={update.isPending} onClick={onClose}>Cancel</Button>
            <Button variant="primary" form={FORM_ID} formAction="submit" loading={update.isPending} disabled={tab !== 'details'}>Save</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          { id: 'details', label: 'Details', content: details },
          { id: 'history', label: 'History', content: <TenantHistory tenantId={tenant.id} /> },
        ]}
      />
    </Modal>
  );
}
