/**
 * Bulk Edit (spec §2): one field (first name, last name, move-in date or country) set to one value for
 * the checked tenants. A refusal of the value shows under it; other failures close the modal and show
 * in the page's error card, as every bulk action's do (spec §8).
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, errorText } from '../api/api-error';
import { DateField } from '../widgets/DateField';
import { useRevealFirstInvalid } from '../widgets/form-validation';
import { countOf } from '../../../shared/format';

export const BULK_EDIT_FIELDS = [
  { value: 'first_name', label: 'First Name' },
  { value: 'last_name', label: 'Last Name' },
  { value: 'move_in_date', label: 'Move-In Date' },
  { value: 'country', label: 'Country' },
] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number]['value'];

interface Props {
  count: number;
  busy: boolean;
  error: unknown;
  onSubmit: (field: BulkEditField, value: string) => void;
  onClose: () => void;
}

export function BulkEditModal({ count, busy, error, onSubmit, onClose }: Props) {
  const [field, setField] = useState<BulkEditField>('first_name');
  const [text, setText] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { ref, reveal } = useRevealFirstInvalid<HTMLFormElement>();
  // A refusal of the value by the server comes back through the page: take the user to the field.
  useEffect(() => {
    if (error) reveal();
  }, [error, reveal]);
  const value = field === 'move_in_date' ? date ?? '' : text.trim();
  // A last name may be cleared; the other fields need a value.
  const missing = submitted && field !== 'last_name' && !value ? 'Enter a value.' : undefined;
  const valueError = missing ?? (error instanceof ApiError && error.field === 'value' ? errorText(error) : undefined);
  const option = BULK_EDIT_FIELDS.find((o) => o.value === field)!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (field !== 'last_name' && !value) return reveal();
    onSubmit(field, value);
  };

  return (
    <Modal
      visible
      onDismiss={() => {
        if (!busy) onClose();
      }}
      closeAriaLabel="Close"
      header="Bulk Edit"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onClose}>Cancel</Button>
            <Button variant="primary" form="bulk-edit-form" formAction="submit" loading={busy}>Save</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="bulk-edit-form" ref={ref} onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <Box>This changes {countOf(count, 'tenant')}.</Box>
            <FormField label="Field">
              <Select
                selectedOption={option}
                options={[...BULK_EDIT_FIELDS]}
                ariaLabel="Field"
                onChange={({ detail }) => {
                  setField((detail.selectedOption.value ?? 'first_name') as BulkEditField);
                  setSubmitted(false);
                }}
              />
            </FormField>
            <FormField label={option.label} errorText={valueError}>
              {field === 'move_in_date' ? (
                <DateField value={date} format="M/dd/yyyy" ariaLabel="Value" onChange={setDate} />
              ) : (
                <Input value={text} ariaLabel="Value" onChange={({ detail }) => setText(detail.value)} autoComplete={false} />
              )}
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
