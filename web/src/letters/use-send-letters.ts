/**
 * The sending flow of spec §4 and §5, one step at a time: the warning (Yes/No) that the tenants are up
 * to date, which also says whom the letters are for (the checked tenants, or the ready ones up to 300);
 * for an audit or reminder letter its date; for checked tenants of whom some already had the letter,
 * 'already sent' (Continue sends `resend`, the server's explicit consent to mail them again); then the
 * job with its progress; then the success modal (or 'Error', which shows the server's refusal, such as
 * the 409 naming a batch still being generated). The spec's separate 'first 300 tenants' prompt is gone
 * (issue 24): a third dialog that miscounted when fewer were ready; the warning states the true count.
 * Sample letters (facility mode) skip to the job with the chosen cycle's letter dates. Nothing is sent
 * without a scope: 'No active tab selected.'
 */
import { useState } from 'react';
import { LETTER_TYPE_LABELS } from '../../../shared/contracts/letters';
import type { LetterJobResult, MailedLetterType } from '../../../shared/contracts/letters';
import { wasSentLetter } from '../../../shared/letter-sent';
import { MAX_BULK_TENANTS } from '../../../shared/contracts/tenants';
import { countOf } from '../../../shared/format';
import type { TenantView } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { startLetters } from './letters-api';
import type { LetterRequest } from './letters-api';
import type { LetterScope } from './letter-scope';
import { LetterJobAbandoned, useLetterJob } from './use-letter-job';

export const NO_ACTIVE_TAB = 'No active tab selected.';

/** Whom a batch is for, as the warning says it: the checked tenants, or the ready ones (the first 300 at most). */
export function recipientsText(checked: number, ready: number | undefined): string {
  if (checked > 0) return `Letters will be generated for the ${countOf(checked, 'checked tenant')}.`;
  if (ready === undefined) return `Letters will be generated for the first ${MAX_BULK_TENANTS} ready tenants.`;
  if (ready === 0) return 'No tenant is ready for this letter.';
  if (ready > MAX_BULK_TENANTS) return `Letters will be generated for the first ${MAX_BULK_TENANTS} of the ${countOf(ready, 'ready tenant')}.`;
  return `Letters will be generated for ${countOf(ready, 'ready tenant')}.`;
}
export const ALREADY_SENT_QUESTION = 'One or more of the selected tenants have already been sent an audit letter. Continue?';
/** The spec's question is for audit letters; reminder and welcome letters ask the same of their own letter. */
export const alreadySentQuestion = (letter: MailedLetterType) =>
  (letter === 'initial' ? ALREADY_SENT_QUESTION : `One or more of the selected tenants have already been sent a ${LETTER_TYPE_LABELS[letter].toLowerCase()} letter. Continue?`);

export type LetterChoice = MailedLetterType | 'sample';
export type DatedLetter = 'initial' | 'reminder';

interface Request extends LetterRequest {
  tenants: readonly TenantView[];
}

export type LetterStep =
  | { kind: 'warning'; letter: MailedLetterType; recipients: string }
  | { kind: 'date'; letter: DatedLetter }
  | { kind: 'prompt'; question: string; request: Request }
  | { kind: 'ready'; result: LetterJobResult; scope: LetterScope }
  | { kind: 'error'; message: string };

interface Options {
  scope: LetterScope | null;
  /** The checked tenants. */
  selected: readonly TenantView[];
  /** How many tenants of the scope are ready for each letter; undefined while the counts are unknown. */
  ready: Partial<Record<MailedLetterType, number>>;
  /** The chosen cycle's letter dates: the date modal starts from them, sample letters use them. */
  cycleDates: Partial<Record<DatedLetter, string>>;
  /** After a batch was written: clear the checks, reload the counts and the table. */
  onGenerated: () => void;
}

export function useSendLetters({ scope, selected, ready, cycleDates, onGenerated }: Options) {
  const job = useLetterJob();
  const [step, setStep] = useState<LetterStep | null>(null);

  const generate = async (request: Request) => {
    setStep(null);
    if (!scope) {
      setStep({ kind: 'error', message: NO_ACTIVE_TAB });
      return;
    }
    try {
      const result = await job.run(() => startLetters(scope, request));
      onGenerated();
      setStep({ kind: 'ready', result, scope });
    } catch (err) {
      if (!(err instanceof LetterJobAbandoned)) setStep({ kind: 'error', message: errorText(err) });
    }
  };

  const confirmOrGenerate = (request: Request & { letterType: MailedLetterType }) => {
    if (request.tenants.some((t) => wasSentLetter(t, request.letterType))) {
      setStep({ kind: 'prompt', question: alreadySentQuestion(request.letterType), request: { ...request, resend: true } });
    } else void generate(request);
  };

  return {
    step,
    progress: job.progress,
    /** A letter button was pressed. */
    begin: (letter: LetterChoice) => {
      if (!scope) setStep({ kind: 'error', message: NO_ACTIVE_TAB });
      else if (letter === 'sample') void generate({ letterType: 'sample', auditLetterDate: cycleDates.initial, reminderLetterDate: cycleDates.reminder, tenants: [] });
      else setStep({ kind: 'warning', letter, recipients: recipientsText(selected.length, ready[letter]) });
    },
    /** Yes on the warning. */
    confirmWarning: (letter: MailedLetterType) => {
      if (letter === 'welcome') confirmOrGenerate({ letterType: 'welcome', tenants: [...selected] });
      else setStep({ kind: 'date', letter });
    },
    /** Set on the date modal. */
    setDate: (letter: DatedLetter, wire: string) =>
      confirmOrGenerate({ letterType: letter, ...(letter === 'initial' ? { auditLetterDate: wire } : { reminderLetterDate: wire }), tenants: [...selected] }),
    /** Yes on a 'Continue?' prompt. */
    proceed: (request: Request) => void generate(request),
    close: () => setStep(null),
    initialDate: (letter: DatedLetter) => cycleDates[letter] ?? null,
  };
}

export type SendLetters = ReturnType<typeof useSendLetters>;
