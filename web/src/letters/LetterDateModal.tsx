/**
 * The letter date of an audit or reminder batch (spec §2, §5, §9): typed as MM/dd/yyyy (text that is
 * no real date is cleared on blur) or picked on the inline calendar, then Set. Sent as YYYY-MM-DD.
 */
import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DateField } from '../widgets/DateField';
import { LETTER_DATE_FORMAT } from './letter-format';

interface Props {
  /** 'Audit Letter Date' or 'Reminder Letter Date'. */
  label: string;
  initial: string | null;
  onSet: (wire: string) => void;
  onCancel: () => void;
}

export function LetterDateModal({ label, initial, onSet, onCancel }: Props) {
  const [date, setDate] = useState<string | null>(initial);
  return (
    <Modal
      visible
      onDismiss={onCancel}
      closeAriaLabel="Close"
      header={label}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>Cancel</Button>
            <Button variant="primary" disabled={!date} onClick={() => date && onSet(date)}>Set</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <FormField label={label} description="The date printed on the letters and the day they are mailed." constraintText={`Format: ${LETTER_DATE_FORMAT}`}>
        <SpaceBetween size="s">
          <DateField value={date} onChange={setDate} format={LETTER_DATE_FORMAT} ariaLabel={label} picker={false} />
          <Calendar value={date ?? ''} onChange={({ detail }) => setDate(detail.value)} ariaLabel={`${label} calendar`} />
        </SpaceBetween>
      </FormField>
    </Modal>
  );
}
