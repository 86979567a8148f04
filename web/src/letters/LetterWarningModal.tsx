/**
 * The warning before a batch (spec §2, §4): the tenants must be up to date. For the audit letter, have
 * ineligible tenants been removed (Remove Ineligible Tenants, then the Audit Letter Ready filter); for
 * the others, have tenant statuses been updated (Sync Tenant Statuses, then the letter's ready filter).
 * It also says whom the letters are for. Yes goes on; No goes back to the list.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAILING_FILTER_LABELS, READY_FILTER } from '../../../shared/contracts/letters';
import type { MailedLetterType } from '../../../shared/contracts/letters';

export const WARNING_QUESTIONS: Record<MailedLetterType, string> = {
  initial: 'Have ineligible tenants been removed?',
  reminder: 'Have tenant statuses been updated?',
  welcome: 'Have tenant statuses been updated?',
};

function Pointer({ letter }: { letter: MailedLetterType }) {
  const button = letter === 'initial' ? 'Remove Ineligible Tenants' : 'Sync Tenant Statuses';
  return (
    <Box variant="p">
      If not, choose No, press <Box variant="strong">{button}</Box>, then choose the{' '}
      <Box variant="strong">{MAILING_FILTER_LABELS[READY_FILTER[letter]]}</Box> filter to see who gets the letter.
    </Box>
  );
}

interface Props {
  letter: MailedLetterType;
  /** Whom the letters are for ('Letters will be generated for 18 ready tenants.'). */
  recipients: string;
  onYes: () => void;
  onNo: () => void;
}

export function LetterWarningModal({ letter, recipients, onYes, onNo }: Props) {
  return (
    <Modal
      visible
      onDismiss={onNo}
      closeAriaLabel="Close"
      header="Warning"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onNo}>No</Button>
            <Button variant="primary" onClick={onYes}>Yes</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="xs">
        <Box variant="h3">{WARNING_QUESTIONS[letter]}</Box>
        <Pointer letter={letter} />
        <Box variant="p" data-testid="letter-recipients">{recipients}</Box>
      </SpaceBetween>
    </Modal>
  );
}
