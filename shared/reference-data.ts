/**
 * Reference data the program starts with: the insurance programs and the coverage options offered per
 * state. They live in the table (functions/program/reference-data.ts) so staff data can grow without a
 * deploy; these are the defaults that `loadReferenceData` writes when an item is missing.
 */
import type { StateCode } from './states';
import { STATES } from './states';

export const DEFAULT_INSURANCE_PROGRAMS = [
  { key: 'pma', label: 'PMA' },
  { key: 'aig', label: 'AIG' },
  { key: 'safeleases', label: 'SafeLease' },
  { key: 'storsmart', label: 'StorSmart' },
] as const;

/** The usual ladder of coverage and monthly premium; a few states price differently. */
const STANDARD = [
  { coverage: 2000, premium: 12 },
  { coverage: 3000, premium: 15 },
  { coverage: 5000, premium: 22 },
];
const HIGHER = [
  { coverage: 2000, premium: 14 },
  { coverage: 3000, premium: 18 },
  { coverage: 5000, premium: 26 },
];
const HIGHER_COST_STATES: readonly string[] = ['CA', 'NY', 'FL', 'HI', 'AK', 'NJ'];

export const DEFAULT_STATE_COVERAGES: Record<StateCode, readonly { coverage: number; premium: number }[]> = Object.fromEntries(
  STATES.map(([code]) => [code, HIGHER_COST_STATES.includes(code) ? HIGHER : STANDARD]),
) as unknown as Record<StateCode, readonly { coverage: number; premium: number }[]>;
