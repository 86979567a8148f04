/**
 * The eleven 'More Filters' keys of the facilities list, the cycles list and the home dashboard
 * (spec facilities-cycles-shell §2, §3 "Cycle stats response"). Each key is a pure function of one
 * record's confirmation fields, letter-sent dates and maintained tenant counters, so the server can
 * keep every badge count as an aggregate instead of reading tenants (rules: docs/decisions.md).
 */

export const MOVE_OUT_KEYS = ['doing_move_outs', 'confirmed_move_outs', 'confirmed_no_move_outs'] as const;
export const THRESHOLD_KEYS = ['opt_outs_threshold', 'provided_proof_threshold', 'bad_address_threshold', 'moved_out_threshold'] as const;
export const LETTER_KEYS = ['initial_letters_unsent', 'reminder_letters_unsent', 'welcome_letters_unsent'] as const;

export type FlagKey = (typeof MOVE_OUT_KEYS)[number] | (typeof THRESHOLD_KEYS)[number] | (typeof LETTER_KEYS)[number];
/** 'total' is Show All. */
export type FilterKey = 'total' | FlagKey;
export const FLAG_KEYS: readonly FlagKey[] = [...MOVE_OUT_KEYS, ...THRESHOLD_KEYS, ...LETTER_KEYS];
export const FILTER_KEYS: readonly FilterKey[] = ['total', ...FLAG_KEYS];

export const FILTER_LABELS: Record<FilterKey, string> = {
  total: 'Show All',
  doing_move_outs: 'Move-Outs In Progress',
  confirmed_move_outs: 'Confirmed Move-Outs',
  confirmed_no_move_outs: 'Confirmed No Move-Outs',
  opt_outs_threshold: 'Opt-Outs Threshold',
  provided_proof_threshold: 'Provided Proof Threshold',
  bad_address_threshold: 'Bad Address Threshold',
  moved_out_threshold: 'Moved Out Threshold',
  initial_letters_unsent: 'Audit Letters Not Sent',
  reminder_letters_unsent: 'Reminder Letters Not Sent',
  welcome_letters_unsent: 'Welcome Letters Not Sent',
};

/** Spec §9: opt-outs over 5%, provided proof over 20%, bad address over 5%, moved out over 5%. */
export const THRESHOLDS = { opted_out: 0.05, provided_proof: 0.2, bad_address: 0.05, moved_out: 0.05 } as const;

/** The inputs of every flag: what a cycle (or a facility, for the facilities list) carries. */
export interface FlagInputs {
  confirmed_move_outs_date: string | null;
  confirmed_no_move_outs_date: string | null;
  monitor_confirmed_move_outs: boolean;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
  /** Maintained tenant counters (all tenants in the program, including bad address and moved out). */
  counts: { total: number; opted_out: number; provided_proof: number; bad_address: number; moved_out: number; tagged_for_removal: number };
}

const over = (part: number, total: number, limit: number) => total > 0 && part / total > limit;

/** The flags a record raises; the rules are recorded in docs/decisions.md ("Filter keys"). */
export function flagsOf(r: FlagInputs): FlagKey[] {
  // Staff confirming a cycle with nobody tagged records 'no move-outs' (and marks it monitor-confirmed).
  const confirmedNone = r.confirmed_no_move_outs_date !== null;
  const confirmedMoveOuts = !confirmedNone && (r.confirmed_move_outs_date !== null || r.monitor_confirmed_move_outs);
  const c = r.counts;
  const flags: FlagKey[] = [];
  if (!confirmedMoveOuts && !confirmedNone && c.tagged_for_removal > 0) flags.push('doing_move_outs');
  if (confirmedMoveOuts) flags.push('confirmed_move_outs');
  if (confirmedNone) flags.push('confirmed_no_move_outs');
  if (over(c.opted_out, c.total, THRESHOLDS.opted_out)) flags.push('opt_outs_threshold');
  if (over(c.provided_proof, c.total, THRESHOLDS.provided_proof)) flags.push('provided_proof_threshold');
  if (over(c.bad_address, c.total, THRESHOLDS.bad_address)) flags.push('bad_address_threshold');
  if (over(c.moved_out, c.total, THRESHOLDS.moved_out)) flags.push('moved_out_threshold');
  if (c.total > 0 && r.initial_letter_sent_date === null) flags.push('initial_letters_unsent');
  if (r.initial_letter_sent_date !== null && r.reminder_letter_sent_date === null) flags.push('reminder_letters_unsent');
  if (r.initial_letter_sent_date !== null && r.welcome_letter_sent_date === null) flags.push('welcome_letters_unsent');
  return flags;
}

/** The three groups of badge counts every list and the dashboard answer with. */
export interface FilterStats {
  move_outs: { doing_move_outs: number; confirmed_move_outs: number; confirmed_no_move_outs: number; total: number };
  tenant_thresholds: { opt_outs_threshold: number; provided_proof_threshold: number; bad_address_threshold: number; moved_out_threshold: number };
  letters: { initial_letters_unsent: number; reminder_letters_unsent: number; welcome_letters_unsent: number };
}

export function filterStatsOf(counts: Partial<Record<FilterKey, number>>): FilterStats {
  const n = (k: FilterKey) => counts[k] ?? 0;
  return {
    move_outs: { doing_move_outs: n('doing_move_outs'), confirmed_move_outs: n('confirmed_move_outs'), confirmed_no_move_outs: n('confirmed_no_move_outs'), total: n('total') },
    tenant_thresholds: {
      opt_outs_threshold: n('opt_outs_threshold'), provided_proof_threshold: n('provided_proof_threshold'),
      bad_address_threshold: n('bad_address_threshold'), moved_out_threshold: n('moved_out_threshold'),
    },
    letters: { initial_letters_unsent: n('initial_letters_unsent'), reminder_letters_unsent: n('reminder_letters_unsent'), welcome_letters_unsent: n('welcome_letters_unsent') },
  };
}
