/**
 * The two notices of the manager home: cycles whose tenants still need coverage setup before the
 * setup end date, and cycles whose letters took effect in the last 5 days. Each shows once per browser
 * session (sessionStorage), so returning to the home page does not nag (docs/decisions.md).
 */
import type { CycleView } from '../../../shared/contracts/cycles';
import { daysBetween } from '../widgets/date-format';

export const RECENT_CYCLE_DAYS = 5;

export function cyclesRequiringSetup(cycles: CycleView[], today: string): CycleView[] {
  return cycles.filter((c) => c.stats.requires_setup > 0 && !!c.setup_coverage_end_date && (daysBetween(today, c.setup_coverage_end_date) ?? -1) >= 0);
}

export function recentCycles(cycles: CycleView[], today: string): CycleView[] {
  return cycles.filter((c) => {
    if (!c.letter_effective_date) return false;
    const age = daysBetween(c.letter_effective_date, today);
    return age !== null && age >= 0 && age <= RECENT_CYCLE_DAYS;
  });
}

export type Notice = 'requires-setup' | 'recent-cycle';

const keyOf = (userId: string, notice: Notice) => `alp.notice.${notice}.${userId}`;

export function noticeSeen(userId: string, notice: Notice): boolean {
  try {
    return sessionStorage.getItem(keyOf(userId, notice)) === '1';
  } catch {
    return false;
  }
}

export function markNoticeSeen(userId: string, notice: Notice): void {
  try {
    sessionStorage.setItem(keyOf(userId, notice), '1');
  } catch {
    // Storage refused (private mode): the notice may show again, which is harmless.
  }
}
