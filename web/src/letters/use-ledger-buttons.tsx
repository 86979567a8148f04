/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec §2, §7, §8) over the whole scope the letters
 * would use (every tenant of the facility's open cycles, the cycle, or the state), not only the rows on
 * screen. Each check is a job the button waits for. Removing asks first: the preview modal lists the
 * tenants and reasons, and only its Remove removes. With no scope or no rows: 'You must select a
 * facility first.' (header 'Failed'). The answer is the success modal ('{n} tenant(s) were ineligible
 * and removed.', 'Successfully updated tenant statuses.') or the bad modal with the server's error.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import type { IneligiblePreview } from '../../../shared/contracts/ledger-checks';
import { REMOVED_TENANT_DAYS } from '../../../shared/contracts/ledger-checks';
import { errorText } from '../api/api-error';
import { useLedgerChecks } from './ledger-api';
import type { LedgerCheck } from './ledger-api';
import { useReloadLetters } from './letters-api';
import type { LetterScope } from './letter-scope';
import { NoticeModal } from './NoticeModal';
import type { Notice } from './NoticeModal';
import { RemovalPreviewModal } from './RemovalPreviewModal';

export const NO_FACILITY = 'You must select a facility first.';
export const SYNC_DONE = 'Successfully updated tenant statuses.';
export const removedText = (n: number) => `${n} tenant(s) were ineligible and removed.`;
export const restorableText = `They can be restored for ${REMOVED_TENANT_DAYS} days on Removed Tenants.`;

interface Props {
  scope: LetterScope | null;
  /** Whether the table lists any tenant (the spec's 'no data' refusal). */
  hasRows: boolean;
  /** After a check that changed tenants: clear the checks (the lists reload themselves). */
  onChecked: () => void;
}

/** The two buttons, each with its key, for the table frame's actions; and their modals. */
export function useLedgerButtons({ scope, hasRows, onChecked }: Props) {
  const checks = useLedgerChecks();
  const reload = useReloadLetters();
  const [running, setRunning] = useState<{ check: LedgerCheck | 'removing'; percent: number } | null>(null);
  const [preview, setPreview] = useState<IneligiblePreview | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const run = async (check: LedgerCheck | 'removing', work: (onProgress: (percent: number) => void) => Promise<void>) => {
    setRunning({ check, percent: 0 });
    try {
      await work((percent) => setRunning({ check, percent }));
    } catch (err) {
      setPreview(null);
      setNotice({ good: false, message: errorText(err) });
    } finally {
      setRunning(null);
    }
  };

  const press = (check: LedgerCheck) => {
    if (!scope || !hasRows) {
      setNotice({ good: false, message: NO_FACILITY });
      return;
    }
    if (check === 'sync') {
      void run('sync', async (onProgress) => {
        if (!(await checks.sync(scope, onProgress))) return;
        onChecked();
        await reload();
        setNotice({ good: true, message: SYNC_DONE });
      });
      return;
    }
    void run('remove', async (onProgress) => {
      const found = await checks.preview(scope, onProgress);
      if (!found) return;
      if (found.removable === 0) setNotice({ good: true, message: removedText(0) });
      else setPreview(found);
    });
  };

  const confirm = (allowOverCap: boolean) => {
    if (!preview) return;
    void run('removing', async (onProgress) => {
      const removed = await checks.remove(preview.preview_id, allowOverCap, onProgress);
      setPreview(null);
      if (removed === null) return;
      onChecked();
      await reload();
      setNotice({ good: true, message: `${removedText(removed)} ${restorableText}` });
    });
  };

  const label = (text: string, check: LedgerCheck) => (running?.check === check && running.percent > 0 ? `${text} (${running.percent}%)` : text);
  const buttons = [
    <Button key="remove" loading={running?.check === 'remove'} disabled={running !== null && running.check !== 'remove'} onClick={() => press('remove')}>
      {label('Remove Ineligible Tenants', 'remove')}
    </Button>,
    <Button key="sync" loading={running?.check === 'sync'} disabled={running !== null && running.check !== 'sync'} onClick={() => press('sync')}>
      {label('Sync Tenant Statuses', 'sync')}
    </Button>,
  ];
  const modals = (
    <div>
      {preview && (
        <RemovalPreviewModal preview={preview} busy={running?.check === 'removing'} onConfirm={confirm} onCancel={() => setPreview(null)} />
      )}
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
  return { buttons, modals };
}
