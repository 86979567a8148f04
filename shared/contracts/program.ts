/**
 * Schemas shared by the facilities, cycles, coverages and dashboard contracts: dates on the wire,
 * JSON lists inside forms, coverage options, contacts and the maintained stats blocks.
 */
import * as z from 'zod';
import { SOFTWARE_KEYS } from '../constants';

/** YYYY-MM-DD on the wire (spec §9); a blank form field means 'no date'. */
export const wireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD.').refine((s) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'must be a real calendar date.');

export const formDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string({ error: `${label} must be a date as YYYY-MM-DD.` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD.`)
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, `${label} must be a real calendar date.`)
      .nullable(),
  );

/** Forms carry scalars only, so lists (coverages, contacts) travel as JSON text; JSON bodies may send arrays. */
export const formJson = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v);
    } catch {
      return { __invalid_json: label };
    }
  }, schema);

export const softwareKey = z.enum(SOFTWARE_KEYS, { error: `software must be one of ${SOFTWARE_KEYS.join(', ')}.` });
/** Software a facility can run (sitelink_alp appears only for imports, spec §1). */
export const FACILITY_SOFTWARE = ['easystorage', 'syrasoft', 'sitelink_web', 'storedge'] as const;
export const facilitySoftware = z.enum(FACILITY_SOFTWARE, { error: `software must be one of ${FACILITY_SOFTWARE.join(', ')}.` });

const money = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z.number({ error: `${label} is an invalid number` }).finite(`${label} is an invalid number`).min(0, `${label} cannot be negative`).max(10_000_000));

export const coverageOption = z.object({
  coverage: money('Coverage'),
  premium: money('Premium'),
  sitelink_coverage_id: z.string().trim().max(100).nullable().optional(),
  storedge_coverage_id: z.string().trim().max(100).nullable().optional(),
});
export type CoverageOption = z.infer<typeof coverageOption>;

/** Contacts keep the phone as digits only (spec §3). */
export const additionalContact = z.object({
  name: z.string({ error: 'Name cannot be empty' }).trim().min(1, 'Name cannot be empty').max(200),
  title: z.string({ error: 'Title cannot be empty' }).trim().min(1, 'Title cannot be empty').max(200),
  email: z.string({ error: 'Email cannot be empty' }).trim().min(1, 'Email cannot be empty').max(200),
  phone: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\D/g, '') : v ?? ''), z.string().max(20)),
});
export type AdditionalContact = z.infer<typeof additionalContact>;

/** Tenant counters maintained per facility and per cycle (functions/program/stats.ts). */
export const COUNTER_NAMES = [
  'total', 'selected_coverage', 'charge_applied', 'opted_out', 'provided_proof', 'non_responder', 'moved_out',
  'bad_address', 'tagged_for_removal', 'requires_setup', 'confirmed_payment',
] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];

/** Facility stats (spec §3 "Facility stats"). Percentages are of active tenants, floored. */
export const facilityStats = z.object({
  upload_count: z.number(),
  tenant_count: z.number(),
  audit_letters_sent: z.number(),
  reminder_letters_sent: z.number(),
  welcome_letters_sent: z.number(),
  selected_coverage: z.number(),
  confirmed_payment: z.number(),
  provided_proof: z.number(),
  opted_out: z.number(),
  moved_out: z.number(),
  bad_address: z.number(),
  requires_setup: z.number(),
  total_all: z.number(),
  charge_applied: z.number(),
  non_responder: z.number(),
  selected_coverage_percentage: z.number(),
  confirmed_payment_percentage: z.number(),
  provided_proof_percentage: z.number(),
  opted_out_percentage: z.number(),
  moved_out_percentage: z.number(),
  bad_address_percentage: z.number(),
  charge_applied_percentage: z.number(),
  non_responder_percentage: z.number(),
  percent_complete: z.number(),
});
export type FacilityStats = z.infer<typeof facilityStats>;

/** Cycle stats (spec §3 "Cycle" and the manager home card). */
export const cycleStats = z.object({
  tagged_for_removal: z.number(),
  requires_setup: z.number(),
  total: z.number(),
  selected_coverage: z.number(),
  selected_coverage_percentage: z.number(),
  charge_applied: z.number(),
  charge_applied_percentage: z.number(),
  opted_out: z.number(),
  opted_out_percentage: z.number(),
  provided_proof: z.number(),
  provided_proof_percentage: z.number(),
  non_responder: z.number(),
  non_responder_percentage: z.number(),
  moved_out: z.number(),
  bad_address: z.number(),
});
export type CycleStats = z.infer<typeof cycleStats>;

/** Badge counts of the lists and the dashboard (shared/program-filters.ts). */
export const filterStats = z.object({
  move_outs: z.object({ doing_move_outs: z.number(), confirmed_move_outs: z.number(), confirmed_no_move_outs: z.number(), total: z.number() }),
  tenant_thresholds: z.object({
    opt_outs_threshold: z.number(), provided_proof_threshold: z.number(), bad_address_threshold: z.number(), moved_out_threshold: z.number(),
  }),
  letters: z.object({ initial_letters_unsent: z.number(), reminder_letters_unsent: z.number(), welcome_letters_unsent: z.number() }),
});

export const filterKey = z.enum([
  'total', 'doing_move_outs', 'confirmed_move_outs', 'confirmed_no_move_outs', 'opt_outs_threshold', 'provided_proof_threshold',
  'bad_address_threshold', 'moved_out_threshold', 'initial_letters_unsent', 'reminder_letters_unsent', 'welcome_letters_unsent',
], { error: 'filter is not a known filter.' });

/** Tenant filter counts (key, label, count) for a facility or a cycle. */
export const tenantFilter = z.object({ key: z.string(), label: z.string(), count: z.number() });

export const idParams = z.object({ id: z.string().trim().min(1).max(64) });
/** A text filter of the lists: trimmed; the web sends it only past 1 character, the server accepts any. */
export const textFilter = z.string().trim().max(200).optional();
