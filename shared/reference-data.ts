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

/**
 * Where an insurance program lets tenants opt out on the response portal, and the statement the tenant
 * confirms there (docs/decisions.md "Tenant response portal: opting out"). A program missing here lets
 * nobody opt out. The portal offers it only at facilities in these states whose lease does not already
 * require insurance (functions/respond/opt-out.ts).
 */
export interface OptOutSetting {
  states: readonly StateCode[];
  wording: string;
}

export const DEFAULT_OPT_OUT: Partial<Record<(typeof DEFAULT_INSURANCE_PROGRAMS)[number]['key'], OptOutSetting>> = {
  pma: {
    states: ['IL', 'WI', 'CO', 'TX', 'KS', 'TN', 'MI'],
    wording: 'I decline the tenant protection plan offered with my storage unit. I understand that neither the facility nor its '
      + 'insurance program covers loss of or damage to my stored property, and that I alone bear that risk.',
  },
  safeleases: {
    states: ['PA'],
    wording: 'I choose not to enroll in the SafeLease protection plan. I understand that my stored property is not protected '
      + 'by the facility or by SafeLease, and that any loss or damage is mine to bear.',
  },
};

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
