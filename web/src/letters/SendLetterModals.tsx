/** The modals of the sending flow (use-send-letters), one for each step, and the job's progress. */
import { ConfirmModal, ErrorModal } from '../facilities/dialogs';
import { LetterDateModal } from './LetterDateModal';
import { LetterProgressModal } from './LetterProgressModal';
import { scopeName } from './letter-scope';
import { LettersReadyModal } from './LettersReadyModal';
import { LetterWarningModal } from './LetterWarningModal';
import type { SendLetters } from './use-send-letters';

const DATE_LABELS = { initial: 'Audit Letter Date', reminder: 'Reminder Letter Date' } as const;

export function SendLetterModals({ flow }: { flow: SendLetters }) {
  const { step, progress } = flow;
  return (
    <div>
      {progress && <LetterProgressModal progress={progress} />}
      {step?.kind === 'warning' && <LetterWarningModal letter={step.letter} recipients={step.recipients} onYes={() => flow.confirmWarning(step.letter)} onNo={flow.close} />}
      {step?.kind === 'date' && (
        <LetterDateModal
          label={DATE_LABELS[step.letter]}
          initial={flow.initialDate(step.letter)}
          onSet={(wire) => flow.setDate(step.letter, wire)}
          onCancel={flow.close}
        />
      )}
      <ConfirmModal
        header="Generate letters"
        question={step?.kind === 'prompt' ? step.question : null}
        onConfirm={() => step?.kind === 'prompt' && flow.proceed(step.request)}
        onCancel={flow.close}
      />
      {step?.kind === 'ready' && <LettersReadyModal result={step.result} scopeName={scopeName(step.scope)} onClose={flow.close} />}
      <ErrorModal message={step?.kind === 'error' ? step.message : null} onClose={flow.close} />
    </div>
  );
}
