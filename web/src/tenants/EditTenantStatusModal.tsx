/**
 * Edit Tenant Status (spec §2): the current status and a radio list of the five staff statuses. Save
 * is enabled only for a different status and while no save runs; the modal cannot be closed while
 * saving. A failed save stays open and shows the server's message (spec §8 only logged it, which told
 * the user nothing: issue 24).
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TENANT_STATUSES, TENANT_STATUS_LABELS } from '../../../shared/contracts/tenants';
import type { TenantStatus, TenantView } from '../../../shared/contracts/tenants';
import { errorText } from '../api/api-error';
import { useSetTenantStatus } from './tenants-api';
import { currentStatusOf, statusLabel } from './tenant-format';

const OPTIONS = TENANT_STATUSES.map((value) => ({ value, label: TENANT_STATUS_LABELS[value] }));

export function EditTenantStatusModal({ tenant, onClose, onSaved }: { tenant: TenantView; onClose: () => void; onSaved: () => void }) {
  const save = useSetTenantStatus();
  const current = currentStatusOf(tenant);
  const [choice, setChoice] = useState<string>(current);
  const canSave = choice !== current && !save.isPending;

  const submit = () => {
    if (!canSave) return;
    save.mutate(
      { tenant, status: choice as TenantStatus },
      { onSuccess: onSaved },
    );
  };

  return (
    <Modal
      visible
      onDismiss={() => {
        if (!save.isPending) onClose();
      }}
      closeAriaLabel="Close"
      header={<Header variant="h2" description={`Unit ${tenant.unit}`}>{tenant.first_name} {tenant.last_name ?? ''}</Header>}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={save.isPending} onClick={onClose}>Cancel</Button>
            <Button variant="primary" disabled={!canSave} loading={save.isPending} onClick={submit}>Save</Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {save.isError && <Alert type="error" header="The status was not saved">{errorText(save.error)}</Alert>}
        <Box>
          Current status: <b data-testid="current-status">{statusLabel(tenant.status)}</b>
        </Box>
        <FormField label="New status">
          <RadioGroup value={choice} items={OPTIONS} onChange={({ detail }) => setChoice(detail.value)} ariaLabel="New status" />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
