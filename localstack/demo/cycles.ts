/**
 * Demo cycles by phase, every date counted from today, so the program always looks mid-season: move-out
 * deadlines ahead, letters going out, a cycle whose letters took effect in the last 5 days, setup windows
 * still open with tenants waiting for setup, and finished cycles. What each phase sets (docs: README):
 *
 *   planned    no tenants yet                          tagging    tenants imported, move-out deadline ahead
 *   confirmed  move-outs confirmed, letters not sent   audit      audit letters sent, reminder due
 *   reminder   reminders sent                          recent     letters took effect 0-5 days ago, setup open
 *   setup      welcome letters sent, setup closing     complete   finished (charges applied, payments confirmed)
 *   retired    a retired facility's last cycle, archived
 */
import type { CycleChanges, CycleDates } from '../../functions/cycles/cycle-store';
import type { NewTenant } from '../../functions/tenants/tenant-store';
import type { CoverageOption } from '../../shared/contracts/program';
import { coverageIdOf } from '../../shared/coverage-ids';
import { generator, pick, shuffled } from './tenants';

export interface DemoCycle {
  phase: Phase;
  /** Days from today to the audit (initial) letter date; the other dates follow from it. */
  initialLetterIn: number;
  tenants: number;
  profile?: Profile;
  /** Tenants tagged for removal (tagging and confirmed phases). */
  tagged?: number;
  /** How the move-outs were confirmed, for the phases past tagging (default: by the count of move-outs). */
  confirmed?: 'move_outs' | 'no_move_outs' | 'monitor';
}

export type Phase = 'planned' | 'tagging' | 'confirmed' | 'audit' | 'reminder' | 'recent' | 'setup' | 'complete' | 'retired';
/** How the cycle's tenants answered: 'typical' stays under every threshold, the others cross one. */
export type Profile = 'typical' | 'opt_outs' | 'proof' | 'bad_addresses' | 'move_outs';

/** YYYY-MM-DD, `days` after `from` (UTC calendar days, as the server dates confirmations). */
export function dayAfter(from: string, days: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The cycle calendar, from the audit letter date (days after it). */
const AFTER_INITIAL = {
  tag_for_removal_deadline_date: -2,
  reminder_letter_send_date: 21,
  lease_effective_date: 30,
  update_responses_deadline_date: 40,
  letter_effective_date: 45,
  setup_coverage_start_date: 45,
  setup_coverage_end_date: 59,
  monitor_payment_start_date: 60,
  monitor_payment_end_date: 90,
} as const;
const WELCOME_AFTER_INITIAL = 50;

export function cycleDatesOf(initial: string): CycleDates {
  const dates = { initial_letter_send_date: initial } as CycleDates;
  for (const [field, days] of Object.entries(AFTER_INITIAL)) dates[field as keyof typeof AFTER_INITIAL] = dayAfter(initial, days);
  return dates;
}

const LETTERS_SENT: Record<Phase, { initial: boolean; reminder: boolean; welcome: boolean }> = {
  planned: { initial: false, reminder: false, welcome: false },
  tagging: { initial: false, reminder: false, welcome: false },
  confirmed: { initial: false, reminder: false, welcome: false },
  audit: { initial: true, reminder: false, welcome: false },
  reminder: { initial: true, reminder: true, welcome: false },
  recent: { initial: true, reminder: true, welcome: false },
  setup: { initial: true, reminder: true, welcome: true },
  complete: { initial: true, reminder: true, welcome: true },
  retired: { initial: true, reminder: true, welcome: true },
};

/** Share of tenants who answered (the rest are non-responders), by phase. */
const ANSWERED: Record<Phase, number> = {
  planned: 0, tagging: 0, confirmed: 0, audit: 0.35, reminder: 0.65, recent: 0.85, setup: 0.9, complete: 0.92, retired: 0.9,
};

/** Shares of all tenants; thresholds are opt-outs > 5 %, proof > 20 %, bad address > 5 %, moved out > 5 %. */
const PROFILES: Record<Profile, { opt_out: number; proof: number; bad_address: number; moved_out: number }> = {
  typical: { opt_out: 0.03, proof: 0.1, bad_address: 0.02, moved_out: 0.015 },
  opt_outs: { opt_out: 0.12, proof: 0.1, bad_address: 0.02, moved_out: 0.02 },
  proof: { opt_out: 0.03, proof: 0.3, bad_address: 0.02, moved_out: 0.02 },
  bad_addresses: { opt_out: 0.03, proof: 0.1, bad_address: 0.1, moved_out: 0.02 },
  move_outs: { opt_out: 0.03, proof: 0.1, bad_address: 0.02, moved_out: 0.1 },
};

/** Of the tenants who chose coverage: how many have been set up, charged and seen paying, by phase. */
const COVERAGE_PROGRESS: Partial<Record<Phase, { setup: number; charged: number; paid: number }>> = {
  recent: { setup: 0.4, charged: 0, paid: 0 },
  setup: { setup: 0.75, charged: 0.6, paid: 0.2 },
  complete: { setup: 1, charged: 1, paid: 0.9 },
  retired: { setup: 1, charged: 1, paid: 0.85 },
};

const hasLetters = (phase: Phase) => LETTERS_SENT[phase].initial;

/** A day between `from` and `to` (inclusive), never after today. */
function dayBetween(random: () => number, from: string, to: string, today: string): string {
  const last = to < today ? to : today;
  const span = Math.max(0, Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
  return dayAfter(from, Math.floor(random() * (span + 1)));
}

/**
 * Gives each tenant a status, letters and dates that fit the cycle's phase and profile. Counts are
 * taken from the shares, so a 'typical' cycle stays under every threshold and a profile crosses its own.
 */
export function tenantsFor(plan: DemoCycle, identities: NewTenant[], coverages: readonly CoverageOption[], today: string, random: () => number): NewTenant[] {
  const n = identities.length;
  const dates = cycleDatesOf(dayAfter(today, plan.initialLetterIn));
  const initial = dates.initial_letter_send_date!;
  const letters = LETTERS_SENT[plan.phase];
  const shares = PROFILES[plan.profile ?? 'typical'];
  const order = shuffled(random, identities.map((_, i) => i));
  const statusOf: (string | null)[] = Array.from({ length: n }, () => null);
  const tagged = new Set<number>();
  let next = 0;
  const take = (count: number, status: string | null) => {
    for (let k = 0; k < count && next < n; k += 1) statusOf[order[next++]!] = status;
  };

  if (!hasLetters(plan.phase)) {
    // Before the audit letters: nobody has answered; some tenants may be tagged for removal.
    for (let k = 0; k < (plan.tagged ?? 0) && k < n; k += 1) tagged.add(order[k]!);
  } else {
    take(Math.round(n * shares.moved_out), 'moved_out');
    take(Math.round(n * shares.bad_address), 'bad_address');
    const answered = Math.round((n - next) * ANSWERED[plan.phase]);
    const optOut = Math.min(Math.round(n * shares.opt_out), answered);
    const proof = Math.min(Math.round(n * shares.proof), answered - optOut);
    take(optOut, 'opt_out');
    take(proof, 'provide_proof');
    for (let k = answered - optOut - proof; k > 0; k -= 1) take(1, coverageIdOf(pick(random, coverages)));
    // Staff marked a few non-responders explicitly after the reminder.
    if (letters.reminder) take(Math.round((n - next) * 0.15), 'no_response');
  }

  const progress = COVERAGE_PROGRESS[plan.phase];
  return identities.map((identity, i): NewTenant => {
    const status = statusOf[i] ?? null;
    const coverage = status !== null && status.startsWith('cov-') ? status : null;
    const answeredOn = () => dayBetween(random, dayAfter(initial, 2), dayAfter(initial, 40), today);
    const mailed = letters.initial && status !== 'moved_out';
    return {
      ...identity,
      status,
      coverage_id: coverage,
      tagged_for_removal: tagged.has(i),
      move_out_date: status === 'moved_out' ? dayAfter(initial, -4) : null,
      bad_address_date: status === 'bad_address' ? dayAfter(initial, 9) : null,
      opt_out_date: status === 'opt_out' ? answeredOn() : null,
      provided_proof_date: status === 'provide_proof' ? answeredOn() : null,
      initial_letter_sent_date: mailed ? initial : null,
      // Reminders go to everyone still mailed when they are sent; half had answered by then.
      reminder_letter_sent_date: mailed && letters.reminder && status !== 'bad_address' && (status === null || status === 'no_response' || random() < 0.5)
        ? dates.reminder_letter_send_date : null,
      welcome_letter_sent_date: coverage && letters.welcome ? dayAfter(initial, WELCOME_AFTER_INITIAL) : null,
      setup_insurance_date: coverage && progress && random() < progress.setup ? dayBetween(random, dates.setup_coverage_start_date!, dates.setup_coverage_end_date!, today) : null,
      charge_applied_date: coverage && progress && random() < progress.charged ? dayBetween(random, dates.monitor_payment_start_date!, dates.monitor_payment_end_date!, today) : null,
      payment_confirmed_date: coverage && progress && random() < progress.paid ? dayBetween(random, dates.monitor_payment_start_date!, dates.monitor_payment_end_date!, today) : null,
    };
  }).map((t) => ({ ...t, ...coverageFields(t, dates) })).map((t) => ({ ...t, ...proofExpiryOf(t, plan, today, random) }));
}

/**
 * The day an accepted proof's policy ends (issue 27's Proofs expiring, reminders and the daily schedule):
 * the proof showed a policy in force, so it ends within a year of the upload. A policy that has ended by
 * today carries no day, as proofs accepted before the program read expiry dates (the schedule would have
 * taken that tenant back to no response); an archived cycle's tenants are not watched. Drawn last, after
 * every other field, so the statuses and dates above stay what they were before this was added.
 */
function proofExpiryOf(t: NewTenant, plan: DemoCycle, today: string, random: () => number): Partial<NewTenant> {
  if (t.status !== 'provide_proof' || !t.provided_proof_date || plan.phase === 'retired') return {};
  const endsOn = dayAfter(t.provided_proof_date, 1 + Math.floor(random() * 365));
  return endsOn > today ? { proof_expiry_date: endsOn } : {};
}

/**
 * What goes with a chosen plan: when its charge is due on the tenant's bill (the letter effective date),
 * when the insurance starts, whether the tenant chose it online (the 'T' badge), and for a plan set up
 * in the facility software its policy number and whether the API did it (the 'API' badge). Drawn from
 * the tenant's ledger number, so the statuses above stay the same.
 */
function coverageFields(t: NewTenant, dates: ReturnType<typeof cycleDatesOf>): Partial<NewTenant> {
  if (!t.coverage_id) return {};
  const random = generator(Number(t.ledger_id) * 104729);
  const effective = dates.letter_effective_date ?? dates.initial_letter_send_date;
  return {
    charge_apply_date: effective,
    insurance_effective_date: effective,
    tenant_made_selection: random() < 0.6,
    ...(t.setup_insurance_date ? { setup_via_api: random() < 0.5, policy_number: `POL-${t.ledger_id}` } : {}),
  };
}

/**
 * What the cycle record carries once its phase is reached: letters sent, move-outs confirmed (how, by
 * the plan or by whether tenants moved out), tagging closed, and for a retired facility archived.
 */
export function cycleChangesFor(plan: DemoCycle, tenants: readonly NewTenant[], today: string): CycleChanges {
  const initial = dayAfter(today, plan.initialLetterIn);
  const letters = LETTERS_SENT[plan.phase];
  const changes: CycleChanges = {};
  if (letters.initial) changes.initial_letter_sent_date = initial;
  if (letters.reminder) changes.reminder_letter_sent_date = dayAfter(initial, AFTER_INITIAL.reminder_letter_send_date);
  if (letters.welcome) changes.welcome_letter_sent_date = dayAfter(initial, WELCOME_AFTER_INITIAL);
  if (plan.phase !== 'planned' && plan.phase !== 'tagging') {
    // Confirmed before the deadline (2 days before the audit letter), or yesterday for cycles about to mail.
    const on = plan.phase === 'confirmed' ? dayAfter(today, -1) : dayAfter(initial, -4);
    const movedOut = tenants.some((t) => t.status === 'moved_out' || t.tagged_for_removal);
    const how = plan.confirmed ?? (movedOut ? 'move_outs' : 'no_move_outs');
    changes.can_tag_removal = false;
    if (how === 'monitor') changes.monitor_confirmed_move_outs = true;
    if (how === 'no_move_outs' || (how === 'monitor' && !movedOut)) changes.confirmed_no_move_outs_date = on;
    else changes.confirmed_move_outs_date = on;
  }
  if (plan.phase === 'retired') changes.archived_at = `${dayAfter(initial, 100)}T12:00:00.000Z`;
  return changes;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The cycle's label: the month of its letter effective date, e.g. 'March 2026 Audit' (a facility's cycles are months apart). */
export function cycleLabelOf(plan: DemoCycle, today: string): string {
  const effective = dayAfter(today, plan.initialLetterIn + AFTER_INITIAL.letter_effective_date);
  return `${MONTHS[Number(effective.slice(5, 7)) - 1]} ${effective.slice(0, 4)} Audit`;
}
