import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import Input from '@cloudscape-design/components/input';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatWireDate, parseDisplayDate } from './date-format';

interface Props {
  /** YYYY-MM-DD (the wire format), or null for no date. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** What the user sees and types; the spec's default is 'dd MMM yyyy'. */
  format?: string;
  ariaLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** False leaves out the calendar button, for a screen that shows its own calendar beside the field. */
  picker?: boolean;
}

/**
 * A date the user may type in the screen's format or pick from a calendar (spec §2 Other widgets):
 * Cloudscape's DatePicker only types ISO dates, and the spec's screens type MM/dd/yyyy or dd MMM yyyy.
 * Typed text that is not a real date in the format is cleared on blur.
 */
export function DateField({ value, onChange, format = 'dd MMM yyyy', ariaLabel, placeholder, disabled, invalid, picker = true }: Props) {
  const shown = value ? formatWireDate(value, format) : '';
  const [text, setText] = useState(shown);
  const [synced, setSynced] = useState(value);
  const [pickerKey, setPickerKey] = useState(0);
  // A new value from outside (reset, picker, loaded record) replaces whatever was typed.
  if (synced !== value) {
    setSynced(value);
    setText(shown);
  }

  const type = (next: string) => {
    setText(next);
    const parsed = parseDisplayDate(next, format);
    if (parsed && parsed !== value) {
      setSynced(parsed);
      onChange(parsed);
    } else if (next.trim() === '' && value !== null) {
      setSynced(null);
      onChange(null);
    }
  };

  const blur = () => {
    if (text.trim() !== '' && parseDisplayDate(text, format) === null) {
      setText('');
      if (value !== null) {
        setSynced(null);
        onChange(null);
      }
    }
  };

  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <Input
        value={text}
        onChange={({ detail }) => type(detail.value)}
        onBlur={blur}
        ariaLabel={ariaLabel}
        placeholder={placeholder ?? format}
        disabled={disabled}
        invalid={invalid}
        autoComplete={false}
      />
      {picker && (
        <Popover
          key={pickerKey}
          triggerType="custom"
          position="bottom"
          size="medium"
          renderWithPortal
          dismissButton={false}
          content={
            <Calendar
              value={value ?? ''}
              ariaLabel={ariaLabel ? `${ariaLabel} calendar` : 'Calendar'}
              onChange={({ detail }) => {
                setSynced(detail.value);
                setText(formatWireDate(detail.value, format));
                onChange(detail.value);
                // Remounting closes the popover once a day is picked.
                setPickerKey((k) => k + 1);
              }}
            />
          }
        >
          <Button variant="icon" iconName="calendar" ariaLabel={ariaLabel ? `Choose ${ariaLabel}` : 'Choose date'} disabled={disabled} formAction="none" />
        </Popover>
      )}
    </SpaceBetween>
  );
}
