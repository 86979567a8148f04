/**
 * Remove Ineligible Tenants and Sync Tenant Statuses (spec §2, §7, §8): the ledgers of the tenants in
 * the table go to the facility software; removing asks first. With no rows: 'You must select a facility
 * first.' (header 'Failed'). The answer is the success modal ('{n} tenant(s) were ineligible and
 * removed.', 'Successfully updated tenant statuses.') or the bad modal with the server's error_message.
 */
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import type { TenantView } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { ConfirmModal } from '../facilities/dialogs';
import { useLedgerCheck } from './letters-api';
import type { LedgerCheck } from './letters-api';
import { NoticeModal } from './NoticeModal';
import type { Notice } from './NoticeModal';

export const NO_FACILITY = 'You must select a facility first.';
export const SYNC_DONE = 'Successfully updated tenant statuses.';
export const removedText = (n: number) => `${n} tenant(s) were ineligible and removed.`;

interface Props {
  /** The tenants in the table. */
  tenants: readonly TenantView[];
  /** After a check that changed tenants: clear the checks (the lists reload themselves). */
  onChecked: () => void;
}

/** The two buttons, each with its key, for the table frame's actions; and their modals. */
export function useLedgerButtons({ tenants, onChecked }: Props) {
  const check = useLedgerCheck();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const run = (which: LedgerCheck) => {
    setConfirmingRemove(false);
    check.mutate(
      { check: which, tenants },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setNotice({ good: false, message: answer.error_message || 'The facility software could not be reached.' });
            return;
          }
          onChecked();
          setNotice({ good: true, message: which === 'remove' ? removedText(answer.changed) : SYNC_DONE });
        },
        onError: (err) => setNotice({ good: false, message: errorText(err) }),
      },
    );
  };

  const press = (which: LedgerCheck) => {
    if (tenants.length === 0) setNotice({ good: false, message: NO_FACILITY });
    else if (which === 'remove') setConfirmingRemove(true);
    else run('sync');
  };

  const running = check.isPending ? check.variables.check : null;
  const buttons = [
    <Button key="remove" loading={running === 'remove'} disabled={running === 'sync'} onClick={() => press('remove')}>Remove Ineligible Tenants</Button>,
    <Button key="sync" loading={running === 'sync'} disabled={running === 'remove'} onClick={() => press('sync')}>Sync Tenant Statuses</Button>,
  ];
  const modals = (
    <div>
      <ConfirmModal
        header="Remove Ineligible Tenants"
        question={
          confirmingRemove
            ? `The facility software will be asked about the ${tenants.length} tenants in the table; those no longer eligible will be removed. Continue?`
            : null
        }
        confirmLabel="Remove"
        onConfirm={() => run('remove')}
        onCancel={() => setConfirmingRemove(false)}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </div>
  );
  return { buttons, modals };
}
