/**
 * The 'Import Complete' card (spec §2 and facilities-cycles-shell §Cycles): tenants imported, already
 * active in the system, whose Prime Site ID is not in the system, that already went through the system,
 * and the duplicates list's download link (it also downloads by itself when the import ends, use-import.ts),
 * the list of the tenants already active (issue 24: a count with nothing to check it against told nobody which);
 * the refused rows' report when rows were refused. Both stay on Import History for 90 days.
 */
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { ImportResult } from '../../../shared/contracts/imports';
import { IMPORT_REPORT_DAYS } from '../../../shared/resources';
import { useFollow } from '../shell/follow';
import { ImportReportLink } from './ImportReportLink';
import { countOf } from '../../../shared/format';

interface Props {
  result: ImportResult;
  /** The import's id (its job's): its reports are downloaded by import. */
  importId: string;
  /** Why the duplicates list did not download by itself, if it did not. */
  downloadError: string | null;
}

export function ImportCompleteCard({ result, importId, downloadError }: Props) {
  const follow = useFollow();
  return (
    <Container header={<Header variant="h2" description={`Facility ${result.facility_number}, cycle ${result.cycle_label || 'Unnamed'}: ${countOf(result.rows_read, 'row')} read.`}>Import Complete</Header>}>
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
        {result.duplicate_tenant_filename && (
          <SpaceBetween size="xs">
            <ImportReportLink importId={importId} report="duplicates">Download the duplicates list</ImportReportLink>
            {downloadError && <StatusIndicator type="warning">{`The duplicates list did not download by itself: ${downloadError}`}</StatusIndicator>}
          </SpaceBetween>
        )}
        {result.active_tenant_filename && (
          <ImportReportLink importId={importId} report="active">{result.active_tenants_count === 1 ? 'Download the tenant already active' : `Download the list of the ${result.active_tenants_count} tenants already active`}</ImportReportLink>
        )}
        {result.error_report_filename && (
          <SpaceBetween size="xs">
            <StatusIndicator type="warning">{result.error_count === 1 ? '1 row was refused.' : `${countOf(result.error_count, 'row')} were refused.`}</StatusIndicator>
            <ImportReportLink importId={importId} report="refused_rows">Download the refused rows</ImportReportLink>
          </SpaceBetween>
        )}
        <Box color="text-body-secondary">
          This import is kept on <Link href="/import-history" onFollow={follow}>Import History</Link>
          {result.duplicate_tenant_filename || result.error_report_filename || result.active_tenant_filename ? `, with its reports for ${IMPORT_REPORT_DAYS} days.` : '.'}
        </Box>
      </SpaceBetween>
    </Container>
  );
}
