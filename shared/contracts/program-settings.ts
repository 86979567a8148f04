/**
 * Program Settings: the program's identity as every letter, certificate and e-mail prints it (its one
 * name, return address, phone, e-mail, website, the signature under the letters) and the time zone its
 * dates are written in. Admins edit it; every logged-in page may read it (the Need Help dialog and the
 * manager home show the program's contact). docs/decisions.md "Program Settings: the program's identity".
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { formInt, requiredText } from './form';
import { STATE_CODES } from '../states';

/** Is this an IANA time zone the runtime knows ('America/Chicago')? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** The US zones offered first on the settings page (any IANA zone is accepted). */
export const US_TIME_ZONES = [
  ['America/New_York', 'Eastern (New York)'], ['America/Chicago', 'Central (Chicago)'], ['America/Denver', 'Mountain (Denver)'],
  ['America/Phoenix', 'Mountain, no DST (Phoenix)'], ['America/Los_Angeles', 'Pacific (Los Angeles)'], ['America/Anchorage', 'Alaska (Anchorage)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'], ['America/Puerto_Rico', 'Atlantic (Puerto Rico)'],
] as const;

/** Each setting with the label the page and the 'what to set' messages use, in the page's order. */
export const PROGRAM_SETTING_LABELS = {
  program_name: 'Program name',
  address: 'Return address',
  address_2: 'Return address line 2',
  city: 'City',
  state: 'State',
  zip_code: 'Zip code',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  signature: 'Signature',
  time_zone: 'Time zone',
  minimum_off_premises_limit: 'Minimum limit away from home',
  deadline_reminder_days: 'Deadline reminder (days before)',
} as const;
export type ProgramSettingKey = keyof typeof PROGRAM_SETTING_LABELS;

/** The settings that may stay empty: the second address line, the minimum limit (none), the deadline reminder (off). */
export const OPTIONAL_PROGRAM_SETTINGS: readonly ProgramSettingKey[] = ['address_2', 'minimum_off_premises_limit', 'deadline_reminder_days'];

/** The most days before a response deadline the reminder e-mail may go (a cycle's letters give about a month). */
export const MAX_DEADLINE_REMINDER_DAYS = 60;

/**
 * Issue 27: how many days before a cycle's response deadline the tenants who have not answered are
 * e-mailed a reminder; null while the setting is empty (off, the default until an admin turns it on).
 */
export function deadlineReminderDays(values: Pick<ProgramSettingsValues, 'deadline_reminder_days'>): number | null {
  const text = (values.deadline_reminder_days ?? '').trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= MAX_DEADLINE_REMINDER_DAYS ? days : null;
}

const tenDigitPhone = requiredText('Phone', 40).refine((s) => {
  const digits = s.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}, 'Phone must be a 10-digit US phone number.');

/** What an admin saves: every field, checked as it will be printed. */
export const programSettingsFields = z.object({
  program_name: requiredText('Program name', 100),
  address: requiredText('Return address', 100),
  address_2: z.string().trim().max(100, 'Return address line 2 must be at most 100 characters.').optional().default(''),
  city: requiredText('City', 100),
  state: z.enum(STATE_CODES, { error: 'State must be a two-letter state or territory code.' }),
  zip_code: requiredText('Zip code', 20).regex(/^\d{5}(-\d{4})?$/, 'Zip code must be 5 digits or ZIP+4.'),
  phone: tenDigitPhone,
  email: requiredText('Email').pipe(z.email('Email must be a valid email address.')),
  website: requiredText('Website', 200).pipe(z.url({ protocol: /^https$/, error: 'Website must be a full https:// address.' })),
  signature: requiredText('Signature', 120),
  time_zone: requiredText('Time zone', 64).refine(isTimeZone, 'Time zone must be an IANA time zone such as America/Chicago.'),
  /**
   * Whole dollars a proof's limit for personal property away from home (off premises, in storage) must
   * reach; '' sets none. Proof Review flags a declarations page whose limit is lower (issue 27).
   */
  minimum_off_premises_limit: z.string().trim().max(12).optional().default('')
    .transform((s) => s.replace(/[$,\s]/g, ''))
    .refine((s) => s === '' || /^\d{1,9}$/.test(s), 'Minimum limit away from home must be a whole number of dollars, such as 2000.'),
  deadline_reminder_days: z.string().trim()
    .refine((s) => s === '' || (/^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_DEADLINE_REMINDER_DAYS),
      `Deadline reminder must be a number of days from 1 to ${MAX_DEADLINE_REMINDER_DAYS}, or empty to send none.`)
    .optional().default(''),
});
export type ProgramSettingsFields = z.output<typeof programSettingsFields>;

/** Every setting as stored: '' while it was never set. */
export type ProgramSettingsValues = Record<ProgramSettingKey, string>;

export const programSettingsView = z.object({
  settings: z.object(Object.fromEntries(Object.keys(PROGRAM_SETTING_LABELS).map((k) => [k, z.string()])) as Record<ProgramSettingKey, z.ZodString>),
  /** Labels of the required settings still empty: letters and certificates are refused until none is. */
  missing: z.array(z.string()),
  /** Sent back with a save: a save over someone else's newer save is refused (409). */
  version: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ProgramSettingsView = z.infer<typeof programSettingsView>;

export const programSettingsChange = z.object({
  at: z.string(),
  by: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() })),
});
export type ProgramSettingsChange = z.infer<typeof programSettingsChange>;

export const PROGRAM_SETTINGS_CONTRACTS = {
  'GET /api/program-settings': { summary: 'The program identity printed on letters, and its time zone', response: programSettingsView },
  'POST /api/program-settings': {
    summary: 'Save the program identity (admins)',
    body: programSettingsFields.extend({ version: formInt.pipe(z.number().min(0)) }),
    response: programSettingsView,
  },
  'GET /api/program-settings/history': {
    summary: 'Every change of the program settings, newest first (the last 100)',
    response: z.object({ data: z.array(programSettingsChange) }),
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
