/**
 * The tenant's one page: the letter's facts (name, units, facility, deadline), the current answer
 * and whether it can still change, and the answers the tenant may give while it can.
 */
import { useState } from 'react';
import type { RespondAnswered, RespondView } from '../../../shared/contracts/respond';
import { RespondError } from './api';
import { CoverageForm, OptOutForm, ProofForm } from './answer-forms';
import type { SaveAnswer } from './answer-forms';
import { answerText } from './answer-text';
import { formatDay, formatList } from './i18n';
import { useLanguage } from './language';

type Choice = 'coverage' | 'proof' | 'opt_out';

interface LetterPageProps {
  view: RespondView;
  /** The answer is saved: the server's page after it (with the confirmation's outcome), and the e-mail typed ('' for none). */
  onAnswered: (view: RespondAnswered, email: string) => void;
  /** The session ended (401): back to sign-in. */
  onSessionGone: () => void;
  /** Reads the page again (after a refusal the answer may have closed meanwhile). */
  reload: () => Promise<RespondView | null>;
}

export function LetterPage({ view, onAnswered, onSessionGone, reload }: LetterPageProps) {
  const { t, language } = useLanguage();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [closedNotice, setClosedNotice] = useState(false);
  const name = [view.tenant.first_name, view.tenant.last_name].filter(Boolean).join(' ');
  const deadline = view.deadline ? formatDay(language, view.deadline) : null;

  const save: SaveAnswer = async (send, email) => {
    try {
      onAnswered(await send(), email);
    } catch (err) {
      if (err instanceof RespondError && err.kind === 'session') {
        onSessionGone();
        return;
      }
      if (err instanceof RespondError && err.kind === 'refused') {
        // A deadline that passed while the page was open: the page says why in the tenant's language.
        const now = await reload();
        if (now?.closed) {
          setClosedNotice(true);
          return;
        }
      }
      throw err;
    }
  };

  const choices: { value: Choice; label: string; hint: string }[] = [
    ...(view.coverages.length > 0 ? [{ value: 'coverage' as const, label: t.choiceCoverage, hint: t.choiceCoverageHint }] : []),
    { value: 'proof', label: t.choiceProof, hint: t.choiceProofHint },
    ...(view.opt_out ? [{ value: 'opt_out' as const, label: t.choiceOptOut, hint: t.choiceOptOutHint }] : []),
  ];

  return (
    <>
      <h1>{t.greeting(view.tenant.first_name)}</h1>
      <section aria-labelledby="letter-heading">
        <h2 id="letter-heading">{t.yourLetter}</h2>
        <dl className="facts">
          <div><dt>{t.tenant}</dt><dd>{name}</dd></div>
          <div><dt>{t.units(view.tenant.units.length)}</dt><dd>{formatList(language, view.tenant.units)}</dd></div>
          <div><dt>{t.facility}</dt><dd>{`${view.facility.name}, ${view.facility.city}, ${view.facility.state}`}</dd></div>
          <div><dt>{t.deadline}</dt><dd>{deadline ?? t.noDeadline}</dd></div>
        </dl>
      </section>

      <section aria-labelledby="answer-heading" data-testid="current-answer">
        <h2 id="answer-heading">{t.yourAnswer}</h2>
        {answerText(t, language, view.answer).map((sentence) => <p key={sentence}>{sentence}</p>)}
        {view.closed
          ? <p className="alert alert-info" role={closedNotice ? 'alert' : undefined}>{t.closed[view.closed]}</p>
          : view.answer.kind !== 'none' && view.answer.kind !== 'other' && <p>{t.canChange(deadline)}</p>}
      </section>

      {view.closed === null && (
        <section aria-labelledby="choose-heading">
          <h2 id="choose-heading">{view.answer.kind === 'none' ? t.chooseHeading : t.chooseChangeHeading}</h2>
          <fieldset className="cards">
            <legend>{t.chooseLegend}</legend>
            {choices.map((c) => (
              <label className="card" key={c.value}>
                <input type="radio" name="answer" value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
                <span>
                  <span className="card-title">{c.label}</span>
                  <span className="card-hint">{c.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {choice === 'coverage' && <CoverageForm view={view} save={save} />}
          {choice === 'proof' && <ProofForm view={view} save={save} />}
          {choice === 'opt_out' && view.opt_out && <OptOutForm view={view} save={save} />}
        </section>
      )}
    </>
  );
}
