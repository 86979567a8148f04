/**
 * The Import History table's columns: when and by whom, where to (facility, cycle), from what (software,
 * files), what came of it (the 'Import Complete' card's counts, or why the file was refused) and its two
 * reports while they are kept.
 */
import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import { StatusIndicator } from '../widgets/StatusIndicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { IMPORT_REPORT_LABELS } from '../../../shared/contracts/import-history';
import type { ImportRecordView, ImportReport } from '../../../shared/contracts/import-history';
import { importSoftwareLabel } from '../../../shared/import-software';
import { IMPORT_REPORT_DAYS } from '../../../shared/resources';
import { formatWireDate, todayWire } from '../widgets/date-format';
import { TruncatedText } from '../widgets/TruncatedText';
import { ImportReportLink } from './ImportReportLink';

type Column = TableProps.ColumnDefinition<ImportRecordView>;

/** M/DD/YYYY h:mm AM in the viewer's calendar. */
export function importTime(iso: string): string {
  const time = new Date(iso);
  return `${formatWireDate(todayWire(time), 'M/dd/yyyy')} ${time.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

const count = (r: ImportRecordView, pick: (c: NonNullable<ImportRecordView['counts']>) => number) => (r.counts ? pick(r.counts).toLocaleString() : '---');

const importName = (r: ImportRecordView) => `the import of ${r.files.map((f) => f.name).join(', ')} on ${importTime(r.finished_at)}`;

function reportCell(r: ImportRecordView, report: ImportReport, now: number): ReactNode {
  const left = { duplicates: r.duplicates_list, refused_rows: r.refused_rows_report, active: r.already_active_list }[report];
  if (!left) return '---';
  if (!r.reports_expire_at || Date.parse(r.reports_expire_at) <= now) return <Box color="text-body-secondary">{`Deleted after ${IMPORT_REPORT_DAYS} days`}</Box>;
  const label = IMPORT_REPORT_LABELS[report];
  return <ImportReportLink importId={r.id} report={report} ariaLabel={`Download the ${label} of ${importName(r)}`}>Download</ImportReportLink>;
}

export function importHistoryColumns(now = Date.now()): Column[] {
  return [
    { id: 'finished_at', header: 'Imported', cell: (r) => importTime(r.finished_at), isRowHeader: true, minWidth: 160 },
    { id: 'facility_number', header: 'Facility Number', cell: (r) => r.facility_number ?? '---', minWidth: 110 },
    { id: 'cycle', header: 'Cycle', cell: (r) => (r.cycle_id ? <TruncatedText text={r.cycle_label || 'Unnamed'} maxWidth={160} /> : '---'), minWidth: 110 },
    { id: 'software', header: 'Software', cell: (r) => importSoftwareLabel(r.software), minWidth: 110 },
    { id: 'files', header: 'Files', cell: (r) => <TruncatedText text={r.files.map((f) => f.name).join(', ')} maxWidth={220} />, minWidth: 160 },
    { id: 'username', header: 'Imported By', cell: (r) => r.username, minWidth: 110 },
    {
      id: 'status',
      header: 'Result',
      cell: (r) => (r.status === 'done'
        ? <StatusIndicator type="success">Imported</StatusIndicator>
        : <StatusIndicator type="error"><TruncatedText text={`Refused: ${r.refusal ?? ''}`} maxWidth={260} /></StatusIndicator>),
      minWidth: 140,
    },
    { id: 'insert_count', header: 'Tenants Imported', cell: (r) => count(r, (c) => c.insert_count), minWidth: 90 },
    { id: 'active', header: 'Already Active', cell: (r) => count(r, (c) => c.active_tenants_count), minWidth: 90 },
    { id: 'missing', header: 'Prime Site ID Not In System', cell: (r) => count(r, (c) => c.missing_prime_ids), minWidth: 110 },
    { id: 'duplicates', header: 'Went Through The System', cell: (r) => count(r, (c) => c.duplicate_tenant_count), minWidth: 110 },
    { id: 'refused', header: 'Rows Refused', cell: (r) => count(r, (c) => c.error_count), minWidth: 90 },
    { id: 'duplicates_list', header: 'Duplicates List', cell: (r) => reportCell(r, 'duplicates', now), minWidth: 130 },
    { id: 'refused_rows_report', header: 'Refused Rows', cell: (r) => reportCell(r, 'refused_rows', now), minWidth: 130 },
    { id: 'already_active_list', header: 'Already Active List', cell: (r) => reportCell(r, 'active', now), minWidth: 130 },
  ];
}
