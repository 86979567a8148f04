/**
 * 'Setup SiteLink Tenants for Insurance' (spec §2 'Setup modals'): the run of useSiteLinkSetup with its
 * progress, the tenants (5 either side of the current one past 10), 'Experienced N errors:' with unit,
 * name and message, and at the end 'Setup complete!' with the reminder to click Check Charges. It cannot
 * be closed while saving.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { SITELINK_SETUP_MAX_CONSECUTIVE_ERRORS } from '../../../shared/contracts/policy-setup';
import type { PolicySetupTenant } from '../../../shared/contracts/policy-setup';
import { tenantName } from '../tenants/tenant-format';
import { useSiteLinkSetup, windowOf } from './use-sitelink-setup';
import type { TenantSetupState } from './use-sitelink-setup';

export const SETUP_COMPLETE = 'Setup complete!';
export const CHECK_CHARGES_REMINDER = 'Click Check Charges after closing this window, so the program confirms the charges the facility software now shows.';

const STATE_SHOWN: Record<TenantSetupState, { type: StatusIndicatorProps.Type; text: string }> = {
  idle: { type: 'pending', text: 'Waiting' },
  loading: { type: 'loading', text: 'Setting up' },
  complete: { type: 'success', text: 'Complete' },
  error: { type: 'error', text: 'Error' },
  ignoring: { type: 'stopped', text: 'Skipped' },
};

export function SiteLinkSetupModal({ tenants, onClose }: { tenants: readonly PolicySetupTenant[]; onClose: () => void }) {
  const run = useSiteLinkSetup(tenants);
  const { from, to } = windowOf(run.position, tenants.length);
  const saving = !run.done;
  const errors = run.failures.length;

  return (
    <Modal
      visible
      size="medium"
      header="Setup SiteLink Tenants for Insurance"
      closeAriaLabel="Close"
      onDismiss={() => {
        if (!saving) onClose();
      }}
      footer={<Box float="right"><Button variant="primary" disabled={saving} onClick={onClose}>Close</Button></Box>}
    >
      <SpaceBetween size="m">
        <ProgressBar
          value={run.progress}
          label={`Setting up ${tenants.length.toLocaleString()} ${tenants.length === 1 ? 'tenant' : 'tenants'} in SiteLink`}
          description={`Tenant ${(run.position + 1).toLocaleString()} of ${tenants.length.toLocaleString()}`}
          ariaLabel="Setup progress"
        />
        {run.ignoring && (
          <Alert type="warning" data-testid="setup-ignoring">
            {`${SITELINK_SETUP_MAX_CONSECUTIVE_ERRORS} setups in a row failed: the remaining tenants were skipped without asking SiteLink. Fix the cause and set them up again.`}
          </Alert>
        )}
        <ul aria-label="Tenants being set up" data-testid="setup-tenants" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tenants.slice(from, to).map((t, k) => {
            const shown = STATE_SHOWN[run.states[from + k]!];
            return (
              <li key={t.id} data-testid="setup-tenant">
                <SpaceBetween direction="horizontal" size="xs">
                  <StatusIndicator type={shown.type}>{shown.text}</StatusIndicator>
                  <span>{`${t.unit} ${tenantName(t)}`}</span>
                </SpaceBetween>
              </li>
            );
          })}
        </ul>
        {errors > 0 && (
          <div data-testid="setup-errors">
            <Box variant="h4" color="text-status-error">{`Experienced ${errors.toLocaleString()} ${errors === 1 ? 'error' : 'errors'}:`}</Box>
            <ul>
              {run.failures.map((f) => (
                <li key={f.tenant.id}>{`${f.tenant.unit}, ${tenantName(f.tenant)}: ${f.message}`}</li>
              ))}
            </ul>
          </div>
        )}
        {run.done && (
          <Alert type={errors > 0 ? 'info' : 'success'} header={SETUP_COMPLETE} data-testid="setup-complete">
            {CHECK_CHARGES_REMINDER}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
