/**
 * The 'Import Complete' card (spec §2 and facilities-cycles-shell §Cycles): tenants imported, already
 * active in the system, whose Prime Site ID is not in the system, that already went through the system,
 * and the duplicates list's download link; the refused rows' report when rows were refused.
 */
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import type { ImportResult } from '../../../shared/contracts/imports';
import { errorText } from '../api/api-error';
import { call } from '../api/client';

function DownloadLink({ fileKey, label }: { fileKey: string; label: string }) {
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    try {
      const link = await call('GET /api/exports/download', { query: { file_key: fileKey } });
      window.open(link.url, '_blank', 'noopener');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="inline-link" iconName="download" onClick={() => void open()}>{label}</Button>
      {error && <StatusIndicator type="error">{error}</StatusIndicator>}
    </SpaceBetween>
  );
}

export function ImportCompleteCard({ result }: { result: ImportResult }) {
  return (
    <Container header={<Header variant="h2" description={`Facility ${result.facility_number}, cycle ${result.cycle_label || 'Unnamed'}: ${result.rows_read} rows read.`}>Import Complete</Header>}>
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Tenants imported', value: result.insert_count },
            { label: 'Tenants already active in the system', value: result.active_tenants_count },
            {
              label: 'Tenants whose Prime Site ID is not in the system',
              value: result.missing_prime_ids ? `${result.missing_prime_ids} (${result.missing_prime_site_ids.join(', ')})` : 0,
            },
            { label: 'Tenants that already went through the system', value: result.duplicate_tenant_count },
          ]}
        />
        {result.duplicate_tenant_filename && <DownloadLink fileKey={result.duplicate_tenant_filename} label="Download the duplicates list" />}
        {result.error_report_filename && (
          <SpaceBetween size="xs">
            <StatusIndicator type="warning">{`${result.error_count} rows were refused.`}</StatusIndicator>
            <DownloadLink fileKey={result.error_report_filename} label="Download the refused rows" />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
