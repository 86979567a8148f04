import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CycleView } from '../../../shared/contracts/cycles';
import { errorText } from '../api/api-error';
import { DateField } from '../widgets/DateField';
import { useMarkLettersSent } from './cycles-api';

const FIELDS = [
  ['initial_letter_sent_date', 'Initial Letter Sent'],
  ['reminder_letter_sent_date', 'Reminder Letter Sent'],
  ['welcome_letter_sent_date', 'Welcome Letter Sent'],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * Mark Letters Sent (large, titled with the facility number): the three letter-sent dates, typed as
 * yyyy-MM-dd, recorded on the facility for this cycle. The spec only logs a failure, which told the
 * user nothing (issue 24): the modal stays open and shows the server's message.
 */
export function MarkLettersSentModal({ cycle, onClose, onSaved }: { cycle: CycleView; onClose: () => void; onSaved: () => void }) {
  const mark = useMarkLettersSent();
  const [dates, setDates] = useState<Record<Field, string | null>>({
    initial_letter_sent_date: cycle.initial_letter_sent_date,
    reminder_letter_sent_date: cycle.reminder_letter_sent_date,
    welcome_letter_sent_date: cycle.welcome_letter_sent_date,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate(
      { facilityId: cycle.facility_id, cycleId: cycle.id, ...dates },
      { onSuccess: onSaved },
    );
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={cycle.facility_number}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>Cancel</Button>
            <Button variant="primary" form="letters-sent-form" formAction="submit" loading={mark.isPending}>Save</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form id="letters-sent-form" onSubmit={submit} noValidate>
        <SpaceBetween size="m">
          <Box variant="p">Mark Letters Sent for cycle {cycle.label || 'Unnamed'}.</Box>
          {mark.isError && <Alert type="error" header="The dates were not saved">{errorText(mark.error)}</Alert>}
          <ColumnLayout columns={3}>
            {FIELDS.map(([name, text]) => (
              <FormField key={name} label={text}>
                <DateField value={dates[name]} format="yyyy-MM-dd" ariaLabel={text} onChange={(value) => setDates((d) => ({ ...d, [name]: value }))} />
              </FormField>
            ))}
          </ColumnLayout>
        </SpaceBetween>
      </form>
    </Modal>
  );
}
