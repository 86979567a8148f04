import Select from '@cloudscape-design/components/select';
import type { SelectProps } from '@cloudscape-design/components/select';
import { FILTER_LABELS, LETTER_KEYS, MOVE_OUT_KEYS, THRESHOLD_KEYS } from '../../../shared/program-filters';
import type { FilterKey, FilterStats } from '../../../shared/program-filters';

/**
 * 'More Filters' of the facilities and cycles lists: the eleven keys of shared/program-filters.ts,
 * grouped as the server's stats are, each with its count from the list response's `stats`.
 */
export function countOf(stats: FilterStats | undefined, key: FilterKey): number | undefined {
  if (!stats) return undefined;
  if (key === 'total' || (MOVE_OUT_KEYS as readonly string[]).includes(key)) return stats.move_outs[key as keyof FilterStats['move_outs']];
  if ((THRESHOLD_KEYS as readonly string[]).includes(key)) return stats.tenant_thresholds[key as keyof FilterStats['tenant_thresholds']];
  return stats.letters[key as keyof FilterStats['letters']];
}

function optionOf(key: FilterKey, stats: FilterStats | undefined): SelectProps.Option {
  const count = countOf(stats, key);
  return { value: key, label: FILTER_LABELS[key], labelTag: count === undefined ? undefined : String(count) };
}

interface Props {
  value: FilterKey;
  onChange: (key: FilterKey) => void;
  stats: FilterStats | undefined;
  disabled?: boolean;
}

export function MoreFiltersSelect({ value, onChange, stats, disabled }: Props) {
  const options: SelectProps.Options = [
    optionOf('total', stats),
    { label: 'Move-Outs', options: MOVE_OUT_KEYS.map((k) => optionOf(k, stats)) },
    { label: 'Tenant Thresholds', options: THRESHOLD_KEYS.map((k) => optionOf(k, stats)) },
    { label: 'Letters', options: LETTER_KEYS.map((k) => optionOf(k, stats)) },
  ];
  return (
    <Select
      selectedOption={optionOf(value, stats)}
      options={options}
      onChange={({ detail }) => onChange((detail.selectedOption.value ?? 'total') as FilterKey)}
      // The trigger shows the chosen option with its count, as the options do.
      triggerVariant="option"
      inlineLabelText="More Filters"
      ariaLabel="More Filters"
      disabled={disabled}
    />
  );
}
