/** The Send Letters filter (spec §2): All and the three ready filters, each with its count as a badge. */
import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import { MAILING_FILTERS, MAILING_FILTER_LABELS } from '../../../shared/contracts/letters';
import type { MailingCountKey, MailingFilter } from '../../../shared/contracts/letters';

interface Props {
  value: MailingFilter;
  onChange: (filter: MailingFilter) => void;
  /** The scope's counts by key; undefined while none are loaded. */
  counts: Partial<Record<MailingCountKey, number>> | undefined;
  loading: boolean;
  failed: boolean;
}

export function MailingFilterSelect({ value, onChange, counts, loading, failed }: Props) {
  const options: SelectProps.Option[] = MAILING_FILTERS.map((key) => ({
    value: key,
    label: MAILING_FILTER_LABELS[key],
    labelTag: counts?.[key]?.toLocaleString(),
    description:
      key === 'welcome_letter_ready' && counts?.welcome_letter_skipped
        ? `Of them, ${counts.welcome_letter_skipped.toLocaleString()} with an email set get their certificate by email.`
        : undefined,
  }));
  return (
    <Select
      selectedOption={options.find((o) => o.value === value) ?? options[0]!}
      options={options}
      onChange={({ detail }) => onChange((detail.selectedOption.value ?? 'all') as MailingFilter)}
      triggerVariant="option"
      inlineLabelText="Filter"
      ariaLabel="Filter"
      statusType={loading ? 'loading' : failed ? 'error' : 'finished'}
      loadingText="Loading tenant counts"
      errorText="Error loading tenant counts"
    />
  );
}
