import Box from '@cloudscape-design/components/box';
import { errorText } from '../api/api-error';

/**
 * What a list table shows without rows: 'Error! {server message}' when its load failed (spec §8), else
 * the list's own empty text ('No facilities to show.').
 */
export function TableEmptyState({ error, empty, testId }: { error: unknown; empty: string; testId?: string }) {
  return error ? (
    <Box textAlign="center" color="text-status-error" data-testid={testId}>Error! {errorText(error)}</Box>
  ) : (
    <Box textAlign="center" color="inherit">{empty}</Box>
  );
}
