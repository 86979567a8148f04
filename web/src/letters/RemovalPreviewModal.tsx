/**
 * The Remove Ineligible Tenants confirmation (spec §2 'remove-ineligible confirmation'): what the facility
 * software said about the scope, the tenants a removal would take with the reason of each (100 a page),
 * and, when that is more than one removal may take, a separate override to tick before Remove is
 * enabled (docs/decisions.md "Letters: removing ineligible tenants safely").
 */
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { INELIGIBILITY_LABELS, INELIGIBILITY_REASONS, REMOVED_TENANT_DAYS } from '../../../shared/contracts/ledger-checks';
import type { IneligiblePreview, IneligibleTenant } from '../../../shared/contracts/ledger-checks';
import { ServerTableFrame } from '../widgets/ServerTableFrame';
import { TableEmptyState } from '../widgets/TableEmptyState';
import { useServerTable } from '../widgets/use-server-table';
import { fetchPreviewPage, previewRowsKey } from './ledger-api';

interface Props {
  preview: IneligiblePreview;
  busy: boolean;
  onConfirm: (allowOverCap: boolean) => void;
  onCancel: () => void;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
const percent = (n: number, of: number) => `${Math.round((n / Math.max(1, of)) * 100)}%`;

export const reasonCounts = (p: IneligiblePreview): string =>
  INELIGIBILITY_REASONS.filter((r) => p.by_reason[r] > 0).map((r) => `${INELIGIBILITY_LABELS[r]}: ${p.by_reason[r]}`).join(' · ');

const COLUMNS = [
  { id: 'facility_number', header: 'Facility', cell: (t: IneligibleTenant) => t.facility_number },
  { id: 'unit', header: 'Unit', cell: (t: IneligibleTenant) => t.unit },
  { id: 'name', header: 'Name', cell: (t: IneligibleTenant) => t.name },
  { id: 'ledger_id', header: 'Ledger', cell: (t: IneligibleTenant) => t.ledger_id },
  { id: 'reason', header: 'Reason', cell: (t: IneligibleTenant) => INELIGIBILITY_LABELS[t.reason] },
];

export function RemovalPreviewModal({ preview, busy, onConfirm, onCancel }: Props) {
  const [override, setOverride] = useState(false);
  const table = useServerTable({ queryKey: previewRowsKey, query: { previewId: preview.preview_id }, fetchPage: fetchPreviewPage });
  const blocked = preview.over_cap && !override;
  return (
    <Modal
      visible
      size="large"
      onDismiss={onCancel}
      closeAriaLabel="Close"
      header="Remove Ineligible Tenants"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>Cancel</Button>
            <Button variant="primary" loading={busy} disabled={blocked} onClick={() => onConfirm(override)}>
              {`Remove ${plural(preview.removable, 'tenant', 'tenants')}`}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box data-testid="removal-summary">
          {`The facility software was asked about the ${plural(preview.checked, 'tenant', 'tenants')} of ${preview.scope}. `}
          {`These ${plural(preview.removable, 'tenant is', 'tenants are')} no longer eligible for a letter and will be removed (${reasonCounts(preview)}). `}
          {`Staff can restore them for ${REMOVED_TENANT_DAYS} days on Removed Tenants.`}
        </Box>
        {preview.not_checked.length > 0 && (
          <Alert type="info">
            {`Not checked (their software has no API): ${preview.not_checked.map((f) => `${f.facility_number} (${f.software})`).join(', ')}.`}
          </Alert>
        )}
        {preview.over_cap && (
          <Alert type="warning" header="More than one removal may take" data-testid="over-cap">
            <SpaceBetween size="s">
              <span>
                {`This removes ${percent(preview.removable, preview.checked)} of the tenants checked; one removal may take at most ${preview.limit}. `}
                So many ineligible ledgers usually means the program&apos;s ledger ids are not the software&apos;s. Check them before removing.
              </span>
              <Checkbox checked={override} onChange={({ detail }) => setOverride(detail.checked)}>
                {`Remove all ${preview.removable.toLocaleString()} anyway: I have checked that these ledgers are gone from the facility software`}
              </Checkbox>
            </SpaceBetween>
          </Alert>
        )}
        <ServerTableFrame
          table={table}
          title="Ineligible tenants"
          refreshLabel="Refresh ineligible tenants"
          testId="removal-preview-table"
          tableProps={{
            columnDefinitions: COLUMNS,
            loadingText: 'Loading tenants',
            ariaLabels: { tableLabel: 'Ineligible tenants' },
            empty: <TableEmptyState error={table.result.error} empty="No tenants to remove." testId="removal-preview-error" />,
          }}
        />
      </SpaceBetween>
    </Modal>
  );
}
