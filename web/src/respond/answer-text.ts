/** The tenant's current answer in words, as the letter page and the confirmation say it. */
import type { RespondAnswer, RespondLanguage } from '../../../shared/contracts/respond';
import { formatCoverage, formatDay, formatMoment, formatPremium } from './i18n';
import type { Messages } from './i18n';

/** '$2,000 of coverage — $12.00 per month', as the letter prints a plan. */
export function planText(t: Messages, language: RespondLanguage, plan: { coverage: number; premium: number }): string {
  return t.plan(formatCoverage(language, plan.coverage), formatPremium(language, plan.premium));
}

/** The reason a proof was not accepted: the common reason in the page's language, then staff's own words. */
function rejectionReason(t: Messages, answer: Extract<RespondAnswer, { kind: 'proof' }>): string | null {
  const chosen = answer.reject_reason_code ? t.rejectionReasons[answer.reject_reason_code] : null;
  return [chosen, answer.reject_reason].filter(Boolean).join(' ') || null;
}

/** The answer's sentences: what the tenant answered, then (for a proof) where its review stands. */
export function answerText(t: Messages, language: RespondLanguage, answer: RespondAnswer): string[] {
  switch (answer.kind) {
    case 'none':
      return [t.answerNone];
    case 'coverage':
      return [t.answerCoverage(planText(t, language, answer), answer.effective_date ? formatDay(language, answer.effective_date) : null)];
    case 'proof': {
      const sent = t.answerProof(answer.insurer, formatDay(language, answer.policy_expiry_date), formatMoment(language, answer.submitted_at));
      const review = answer.review === 'waiting' ? t.proofWaiting : answer.review === 'accepted' ? t.proofAccepted : t.proofRejected(rejectionReason(t, answer));
      return [sent, review];
    }
    case 'opt_out':
      return [t.answerOptOut(formatDay(language, answer.date))];
    case 'other':
      return [t.answerOther];
  }
}
