/** While a letter batch's job runs: its progress bar (it cannot be dismissed; the job goes on anyway). */
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { LetterJobProgress } from './use-letter-job';

export function LetterProgressModal({ progress }: { progress: LetterJobProgress }) {
  const what = progress.tenantCount > 0 ? `Writing letters for ${progress.tenantCount.toLocaleString()} tenants…` : 'Starting…';
  return (
    <Modal visible onDismiss={() => undefined} closeAriaLabel="Close" header="Generating letters">
      <div data-testid="letter-progress">
        <ProgressBar value={progress.percent} label="Letters" description={what} ariaLabel="Letter progress" />
      </div>
    </Modal>
  );
}
