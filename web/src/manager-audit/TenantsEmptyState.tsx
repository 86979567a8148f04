import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorText } from '../api/api-error';

/** What a manager tenant table shows without rows (spec §2, §8): 'Error! {server message}' with 'Retry?', else its empty text. */
export function TenantsEmptyState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return <Box textAlign="center" color="inherit">No tenants to show.</Box>;
  return (
    <SpaceBetween size="xs" alignItems="center">
      <Box color="text-status-error" data-testid="tenants-error">Error! {errorText(error, 'Unknown error loading tenants.')}</Box>
      <Button variant="link" onClick={onRetry}>Retry?</Button>
    </SpaceBetween>
  );
}
