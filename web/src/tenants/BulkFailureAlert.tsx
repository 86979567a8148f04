/**
 * The top error card of the bulk actions (spec §8): the server's message and, when the refusal names
 * tenants (`errors: [{ id, message }]`), which of the checked tenants were refused and why. Bulk
 * actions are all or none, so nothing was changed.
 */
import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TenantView } from '../../../shared/contracts/tenants';
import { ApiError, errorText } from '../api/api-error';
import { tenantName } from './tenant-format';

export interface BulkFailure {
  message: string;
  refused: { id: string; who: string; message: string }[];
}

function refusedOf(raw: unknown): { id: string; message: string }[] {
  const errors = (raw as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: { id?: unknown; message?: unknown }) =>
    typeof e?.id === 'string' ? [{ id: e.id, message: typeof e.message === 'string' ? e.message : '' }] : [],
  );
}

export function failureOf(err: unknown, chosen: readonly TenantView[]): BulkFailure {
  const byId = new Map(chosen.map((t) => [t.id, t]));
  const refused = err instanceof ApiError ? refusedOf(err.raw) : [];
  return {
    message: errorText(err),
    refused: refused.map(({ id, message }) => {
      const t = byId.get(id);
      return { id, who: t ? `${tenantName(t)} (unit ${t.unit}, facility ${t.facility_number})` : id, message };
    }),
  };
}

export function BulkFailureAlert({ failure, onDismiss }: { failure: BulkFailure; onDismiss: () => void }) {
  return (
    <Alert type="error" header="Error" dismissible dismissAriaLabel="Dismiss error" onDismiss={onDismiss} data-testid="bulk-error">
      <SpaceBetween size="xs">
        <span>{failure.message}</span>
        {failure.refused.length > 0 && (
          <ul aria-label="Refused tenants" style={{ margin: 0 }}>
            {failure.refused.map((r) => (
              <li key={r.id}>
                {r.who}{r.message ? `: ${r.message}` : ''}
              </li>
            ))}
          </ul>
        )}
      </SpaceBetween>
    </Alert>
  );
}
