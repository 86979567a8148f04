/**
 * Tenant counters: what one tenant adds to its cycle's and its facility's STATS items. Every stat of
 * the spec (facility stats, cycle stats, filter badges, dashboard) derives from these sums, which the
 * tenant store keeps with ADD in the same transaction as the tenant write, so no request ever reads
 * all tenants to count them (docs/decisions.md "Maintained stats").
 */
import type { CounterName, CycleStats, FacilityStats } from '../../shared/contracts/program';
import { COUNTER_NAMES } from '../../shared/contracts/program';
import { mailingKeysOf } from '../letters/mailing-rules';

/** Statuses with a fixed meaning; any other non-empty status is the id of a chosen coverage plan. */
export const KEYWORD_STATUSES = ['provide_proof', 'opt_out', 'moved_out', 'bad_address', 'no_response'] as const;

/** The tenant fields the counters read. */
export interface CountedTenant {
  status: string | null;
  tagged_for_removal: boolean;
  charge_applied_date: string | null;
  payment_confirmed_date: string | null;
  setup_insurance_date: string | null;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
  /** Read when present (every stored tenant has them); counted as incomplete when any is blank. */
  address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  /** Read by the mailing counters (functions/letters/mailing-rules.ts). */
  email?: string;
  welcome_certificate_emailed_date?: string | null;
}

/**
 * Counters beyond the spec's stats: letters mailed to its tenants, tenants with an incomplete address
 * (the lists' warning, spec §2) and the tenants ready for each letter (the Send Letters badges).
 */
export const LETTER_COUNTERS = [
  'audit_letters_sent', 'reminder_letters_sent', 'welcome_letters_sent', 'incomplete_address',
  'initial_letter_ready', 'reminder_letter_ready', 'welcome_letter_ready', 'welcome_letter_skipped',
] as const;
export type LetterCounter = (typeof LETTER_COUNTERS)[number];
export type AnyCounter = CounterName | LetterCounter;
export type Counters = Record<AnyCounter, number>;

export const zeroCounters = (): Counters =>
  Object.fromEntries([...COUNTER_NAMES, ...LETTER_COUNTERS].map((k) => [k, 0])) as Counters;

export const isCoverageChoice = (status: string | null): boolean =>
  status !== null && status !== '' && !(KEYWORD_STATUSES as readonly string[]).includes(status);

/**
 * Moved-out and bad-address tenants count in `total` but are ignored by every other share (spec:
 * manager home "tenants with a bad address or who moved out are ignored").
 */
export function contributionOf(t: CountedTenant | null): Counters {
  const c = zeroCounters();
  if (!t) return c;
  c.total = 1;
  if (t.tagged_for_removal) c.tagged_for_removal = 1;
  if (t.initial_letter_sent_date) c.audit_letters_sent = 1;
  if (t.reminder_letter_sent_date) c.reminder_letters_sent = 1;
  if (t.welcome_letter_sent_date) c.welcome_letters_sent = 1;
  if (t.address !== undefined && [t.address, t.city, t.state, t.zip_code].some((v) => !(v ?? '').trim())) c.incomplete_address = 1;
  for (const key of mailingKeysOf(t)) if (key !== 'tagged_for_removal') c[key] = 1;
  if (t.status === 'moved_out') c.moved_out = 1;
  else if (t.status === 'bad_address') c.bad_address = 1;
  else if (t.status === 'opt_out') c.opted_out = 1;
  else if (t.status === 'provide_proof') c.provided_proof = 1;
  else if (isCoverageChoice(t.status)) {
    c.selected_coverage = 1;
    if (t.charge_applied_date) c.charge_applied = 1;
    if (t.payment_confirmed_date) c.confirmed_payment = 1;
    if (!t.setup_insurance_date) c.requires_setup = 1;
  } else c.non_responder = 1;
  return c;
}

/** next - prev, without the zero entries (an ADD of nothing is skipped). */
export function delta(prev: Counters, next: Counters): Partial<Counters> {
  const out: Partial<Counters> = {};
  for (const key of Object.keys(next) as AnyCounter[]) {
    const d = next[key] - prev[key];
    if (d !== 0) out[key] = d;
  }
  return out;
}

export function sumCounters(list: Partial<Counters>[]): Partial<Counters> {
  const out: Partial<Counters> = {};
  for (const c of list) for (const [k, v] of Object.entries(c) as [AnyCounter, number][]) out[k] = (out[k] ?? 0) + v;
  for (const k of Object.keys(out) as AnyCounter[]) if (out[k] === 0) delete out[k];
  return out;
}

/** Reads a STATS item (missing counters are 0). */
export function countersOf(item: Record<string, unknown> | undefined): Counters {
  const c = zeroCounters();
  if (!item) return c;
  for (const key of Object.keys(c) as AnyCounter[]) c[key] = Number(item[key] ?? 0);
  return c;
}

/** Percent of a whole, floored (spec: percentages floored); 0 when there is nothing to divide. */
export const percent = (part: number, whole: number): number => (whole > 0 ? Math.floor((part * 100) / whole) : 0);

/** Tenants still in the program: everyone except those who moved out or have a bad address. */
export const activeOf = (c: Counters): number => c.total - c.moved_out - c.bad_address;

export function cycleStatsOf(c: Counters): CycleStats {
  const active = activeOf(c);
  return {
    tagged_for_removal: c.tagged_for_removal,
    requires_setup: c.requires_setup,
    total: active,
    selected_coverage: c.selected_coverage,
    selected_coverage_percentage: percent(c.selected_coverage, active),
    charge_applied: c.charge_applied,
    charge_applied_percentage: percent(c.charge_applied, active),
    opted_out: c.opted_out,
    opted_out_percentage: percent(c.opted_out, active),
    provided_proof: c.provided_proof,
    provided_proof_percentage: percent(c.provided_proof, active),
    non_responder: c.non_responder,
    non_responder_percentage: percent(c.non_responder, active),
    moved_out: c.moved_out,
    bad_address: c.bad_address,
  };
}

/**
 * Facility stats: upload_count is every tenant imported (including moved out and bad address),
 * tenant_count the active ones; moved-out and bad-address shares are of all uploaded tenants, the
 * response shares of active tenants; percent_complete is the share of active tenants who answered.
 */
export function facilityStatsOf(c: Counters): FacilityStats {
  const active = activeOf(c);
  return {
    upload_count: c.total,
    tenant_count: active,
    audit_letters_sent: c.audit_letters_sent,
    reminder_letters_sent: c.reminder_letters_sent,
    welcome_letters_sent: c.welcome_letters_sent,
    selected_coverage: c.selected_coverage,
    confirmed_payment: c.confirmed_payment,
    provided_proof: c.provided_proof,
    opted_out: c.opted_out,
    moved_out: c.moved_out,
    bad_address: c.bad_address,
    requires_setup: c.requires_setup,
    total_all: c.total,
    charge_applied: c.charge_applied,
    non_responder: c.non_responder,
    selected_coverage_percentage: percent(c.selected_coverage, active),
    confirmed_payment_percentage: percent(c.confirmed_payment, active),
    provided_proof_percentage: percent(c.provided_proof, active),
    opted_out_percentage: percent(c.opted_out, active),
    moved_out_percentage: percent(c.moved_out, c.total),
    bad_address_percentage: percent(c.bad_address, c.total),
    charge_applied_percentage: percent(c.charge_applied, active),
    non_responder_percentage: percent(c.non_responder, active),
    percent_complete: percent(active - c.non_responder, active),
  };
}

/** The counts the filter flags read (shared/program-filters.ts FlagInputs.counts). */
export const flagCountsOf = (c: Counters) => ({
  total: c.total, opted_out: c.opted_out, provided_proof: c.provided_proof, bad_address: c.bad_address,
  moved_out: c.moved_out, tagged_for_removal: c.tagged_for_removal,
});

/** Tenant filter counts of a cycle or facility (key, label, count), from its counters. */
export const tenantFiltersOf = (c: Counters) => [
  { key: 'all', label: 'All Tenants', count: c.total },
  { key: 'non_responder', label: 'No Response', count: c.non_responder },
  { key: 'any_coverage', label: 'Selected Coverage', count: c.selected_coverage },
  { key: 'provide_proof', label: 'Provided Proof', count: c.provided_proof },
  { key: 'opt_out', label: 'Opted Out', count: c.opted_out },
  { key: 'move_out', label: 'Moved out', count: c.moved_out },
  { key: 'bad_address', label: 'Bad Address', count: c.bad_address },
  { key: 'requires_setup', label: 'Requires Setup', count: c.requires_setup },
  { key: 'tagged_for_removal', label: 'Tagged for Removal', count: c.tagged_for_removal },
];

/**
 * The tenant counts a facility's catalog entry carries, so program-wide tenant lists know how many
 * tenants each facility adds to a list (page numbers) and the program's stats card is one sum.
 */
export const LIST_COUNTERS = [
  'total', 'non_responder', 'selected_coverage', 'provided_proof', 'opted_out', 'moved_out', 'bad_address', 'tagged_for_removal',
  'requires_setup', 'charge_applied', 'incomplete_address',
] as const satisfies readonly AnyCounter[];
export type ListCounts = Record<(typeof LIST_COUNTERS)[number], number>;
export const listCountsOf = (c: Counters): ListCounts => Object.fromEntries(LIST_COUNTERS.map((k) => [k, c[k]])) as ListCounts;
