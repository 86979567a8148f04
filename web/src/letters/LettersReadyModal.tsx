/**
 * The success modal of a letter batch (spec §2): the Download (PDF) and Mail Merge links, the
 * popup-blocker hint, for welcome letters the note that only tenants without an email set receive a
 * welcome letter, with how many certificates were e-mailed instead, and how many chosen tenants the job
 * left out because they were no longer ready when the letters were written.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { LetterJobResult } from '../../../shared/contracts/letters';
import { POPUP_HINT } from '../facilities/popup-hint';
import { todayWire } from '../widgets/date-format';
import { letterOutputName } from './letter-format';
import { LetterFileLink } from './LetterFileLink';

export const WELCOME_NOTE = 'Only tenants without an email set will receive a welcome letter.';

const HEADERS: Record<LetterJobResult['letter_type'], string> = {
  initial: 'Audit letters are ready',
  reminder: 'Reminder letters are ready',
  welcome: 'Welcome letters are ready',
  sample: 'Sample letters are ready',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function LettersReadyModal({ result, scopeName, onClose }: { result: LetterJobResult; scopeName: string; onClose: () => void }) {
  const day = todayWire();
  const welcome = result.letter_type === 'welcome';
  return (
    <Modal
      visible
      onDismiss={onClose}
      closeAriaLabel="Close"
      header={HEADERS[result.letter_type]}
      footer={<Box float="right"><Button variant="primary" onClick={onClose}>Close</Button></Box>}
    >
      <SpaceBetween size="m">
        <StatusIndicator type="success">
          {result.letter_type === 'sample'
            ? `${plural(result.letter_count, 'sample letter was', 'sample letters were')} written.`
            : `${plural(result.letter_count, 'letter was', 'letters were')} written for ${plural(result.tenant_count, 'tenant', 'tenants')}.`}
        </StatusIndicator>
        {result.tenants_skipped > 0 && (
          <Alert type="warning" header={`${plural(result.tenants_skipped, 'chosen tenant was', 'chosen tenants were')} left out`}>
            By the time the letters were written they were no longer ready for this letter: they answered, were sent it in another
            batch or were changed meanwhile. They have no letter in the file and were not marked.
          </Alert>
        )}
        {welcome && (
          <Alert type="info" header={WELCOME_NOTE}>
            {plural(result.certificates_emailed, 'certificate was', 'certificates were')} e-mailed to tenants with an email set.
          </Alert>
        )}
        <SpaceBetween direction="horizontal" size="l">
          {result.file_name ? (
            <LetterFileLink fileName={result.file_name} outputName={letterOutputName(scopeName, result.letter_type, 'pdf', day)}>Download</LetterFileLink>
          ) : (
            <Box color="text-body-secondary">No letter is to be mailed.</Box>
          )}
          {result.mail_merge_file_name && (
            <LetterFileLink fileName={result.mail_merge_file_name} outputName={letterOutputName(scopeName, result.letter_type, 'mail_merge', day)}>Mail Merge</LetterFileLink>
          )}
        </SpaceBetween>
        <Box variant="small">{POPUP_HINT}</Box>
      </SpaceBetween>
    </Modal>
  );
}
