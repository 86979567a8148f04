/**
 * 'Create a new cycle' and 'Edit Cycle' share one form: facility number (read-only on edit), label
 * and the cycle's dates, typed as MM/dd/yyyy. Errors, the server's included, show inside the dialog.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CycleView } from '../../../shared/contracts/cycles';
import { ApiError, errorText } from '../api/api-error';
import { DateField } from '../widgets/DateField';
import { useCreateCycle, useUpdateCycle } from './cycles-api';
import { CYCLE_DATE_FIELDS, CYCLE_DIALOG_DATE_FORMAT } from './cycle-fields';
import type { CycleDateField, CycleDates } from './cycle-fields';
import { useRevealFirstInvalid } from '../widgets/form-validation';

interface Props {
  /** The cycle to edit; none to create one. */
  cycle?: CycleView;
  /** Create: the facility number to start with (the list's facility filter). */
  facilityNumber?: string;
  onClose: () => void;
  onSaved: (cycleId: string) => void;
}

const datesOf = (cycle: CycleView | undefined): CycleDates =>
  Object.fromEntries(CYCLE_DATE_FIELDS.map(([name]) => [name, cycle?.[name] ?? null])) as CycleDates;

export function CycleFormModal({ cycle, facilityNumber, onClose, onSaved }: Props) {
  const create = useCreateCycle();
  const update = useUpdateCycle();
  const saving = cycle ? update : create;
  const [number, setNumber] = useState(cycle?.facility_number ?? facilityNumber ?? '');
  const [label, setLabel] = useState(cycle?.label ?? '');
  const [dates, setDates] = useState<CycleDates>(() => datesOf(cycle));
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();

  const problems = {
    facility_number: !cycle && submitted && !number.trim() ? 'Facility number is required.' : undefined,
    label: submitted && !label.trim() ? 'Label is required.' : undefined,
  };
  const serverError = saving.error;
  const serverField = serverError instanceof ApiError ? serverError.field : undefined;
  const fieldError = (name: string) =>
    problems[name as keyof typeof problems] ?? (serverField === name ? errorText(serverError) : undefined);
  const knownField = serverField === 'facility_number' || serverField === 'label' || CYCLE_DATE_FIELDS.some(([name]) => name === serverField);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!label.trim() || (!cycle && !number.trim())) return reveal();
    // A cleared date goes as blank, which the server reads as 'no date'.
    const sentDates = Object.fromEntries(CYCLE_DATE_FIELDS.map(([name]) => [name, dates[name] ?? ''])) as Record<CycleDateField, string>;
    if (cycle) {
      update.mutate({ id: cycle.id, body: { label: label.trim(), ...sentDates } }, { onSuccess: ({ cycle_id }) => onSaved(cycle_id), onError: reveal });
    } else {
      create.mutate({ facility_number: number.trim(), label: label.trim(), ...sentDates }, { onSuccess: ({ cycle_id }) => onSaved(cycle_id), onError: reveal });
    }
  };

  const formId = cycle ? 'edit-cycle-form' : 'new-cycle-form';
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={cycle ? 'Edit Cycle' : 'Create a new cycle'}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>Cancel</Button>
            <Button variant="primary" form={formId} formAction="submit" loading={saving.isPending}>Save</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id={formId} ref={ref} onSubmit={submit} noValidate>
        <Form errorText={serverError && !knownField ? errorText(serverError) : undefined} errorIconAriaLabel="Error">
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              <FormField
                label="Facility Number"
                description={cycle ? undefined : 'The facility must already be set up.'}
                errorText={fieldError('facility_number')}
              >
                <Input value={number} readOnly={!!cycle} onChange={({ detail }) => setNumber(detail.value)} ariaRequired={!cycle} autoComplete={false} />
              </FormField>
              <FormField label="Label" errorText={fieldError('label')}>
                <Input value={label} onChange={({ detail }) => setLabel(detail.value)} ariaRequired autoComplete={false} />
              </FormField>
            </ColumnLayout>
            <ColumnLayout columns={2}>
              {CYCLE_DATE_FIELDS.map(([name, text]) => (
                <FormField key={name} label={text} errorText={fieldError(name)}>
                  <DateField
                    value={dates[name]}
                    format={CYCLE_DIALOG_DATE_FORMAT}
                    ariaLabel={text}
                    invalid={!!fieldError(name)}
                    onChange={(value) => setDates((d) => ({ ...d, [name]: value }))}
                  />
                </FormField>
              ))}
            </ColumnLayout>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
