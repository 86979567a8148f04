/**
 * The tenant's returned e-mail on its page (issue 26): an address SES bounced permanently, or whose reader
 * complained, is flagged and gets no e-mail; staff (the page is staff's) clear the flag once the address is
 * corrected or the reader wants mail again. Transient bounces are only counted, and said here when there were any.
 */
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import type { EmailSuppression } from '../../../shared/contracts/email-suppression';
import { errorText } from '../api/api-error';
import { useToast } from '../shell/toasts';
import { timeText } from './history-text';
import { useClearEmailSuppression } from './tenant-story-api';

export function ReturnedEmail({ tenantId, suppression }: { tenantId: string; suppression: EmailSuppression | null }) {
  const toast = useToast();
  const clear = useClearEmailSuppression();
  if (!suppression) return null;
  const transient = suppression.transient_bounces > 0
    ? ` ${suppression.transient_bounces} transient bounce${suppression.transient_bounces === 1 ? '' : 's'} on record (the last ${timeText(suppression.last_transient_bounce_at ?? '')}); these do not stop e-mail.`
    : '';
  if (!suppression.suppressed) {
    if (!transient) return null;
    return <Alert type="info" header="Returned e-mail" data-testid="returned-email">{transient.trim()}</Alert>;
  }
  return (
    <Alert
      type="warning"
      header="E-mail to this address is stopped"
      data-testid="returned-email"
      action={(
        <Button
          loading={clear.isPending}
          onClick={() => clear.mutate(tenantId, {
            onSuccess: () => toast(`E-mail to ${suppression.address} goes out again.`),
            onError: (err) => toast(errorText(err), 'error'),
          })}
        >
          Clear flag
        </Button>
      )}
    >
      {`${suppression.address} was returned on ${timeText(suppression.suppressed_at ?? '')}: ${suppression.reason ?? 'no reason given'}. `}
      {`No e-mail goes to it (every skipped e-mail is in the history) until the flag is cleared: correct the address first, or clear it when the tenant asks for mail again.${transient}`}
    </Alert>
  );
}
