/** The letter batches table's columns (spec §2 'Letter batches', §9: batch times as M/DD/YYYY or '---'). */
import type { TableProps } from '@cloudscape-design/components/table';
import { LETTER_TYPE_LABELS } from '../../../shared/contracts/letters';
import type { LetterBatchView } from '../../../shared/contracts/letters';
import { TruncatedText } from '../widgets/TruncatedText';
import { batchDate, letterOutputName } from './letter-format';
import { LetterFileLink } from './LetterFileLink';

type Column = TableProps.ColumnDefinition<LetterBatchView>;

/** The name a batch's file is saved under: its facility (or state), letter type and save day. */
const outputOf = (b: LetterBatchView, file: 'pdf' | 'mail_merge') =>
  letterOutputName(b.state ?? b.facility_number, b.letter_type, file, b.save_time.slice(0, 10));

const batchName = (b: LetterBatchView) => `${LETTER_TYPE_LABELS[b.letter_type]} letters of ${b.state ?? b.facility_number}, ${batchDate(b.save_time)}`;

export function letterBatchColumns({ onOpened }: { onOpened: () => void }): Column[] {
  return [
    { id: 'facility_number', header: 'Facility Number', cell: (b) => (b.state ? `${b.facility_number} (state ${b.state})` : b.facility_number), isRowHeader: true, minWidth: 120 },
    { id: 'cycle', header: 'Cycle', cell: (b) => <TruncatedText text={b.cycle_label ?? '---'} maxWidth={180} />, minWidth: 120 },
    { id: 'letter_type', header: 'Letter Type', cell: (b) => LETTER_TYPE_LABELS[b.letter_type], minWidth: 100 },
    { id: 'tenant_count', header: 'Tenants', cell: (b) => b.tenant_count.toLocaleString(), minWidth: 80 },
    { id: 'save_time', header: 'Save Time', cell: (b) => batchDate(b.save_time), minWidth: 100 },
    { id: 'mail_time', header: 'Mail Time', cell: (b) => batchDate(b.mail_time), minWidth: 100 },
    {
      id: 'download',
      header: 'Download',
      cell: (b) =>
        b.file_name ? (
          <LetterFileLink fileName={b.file_name} outputName={outputOf(b, 'pdf')} ariaLabel={`Download ${batchName(b)}`} onOpened={onOpened}>Download</LetterFileLink>
        ) : (
          '---'
        ),
      minWidth: 120,
    },
    {
      id: 'mail_merge',
      header: 'Mail Merge',
      cell: (b) =>
        b.mail_merge_file_name ? (
          <LetterFileLink fileName={b.mail_merge_file_name} outputName={outputOf(b, 'mail_merge')} ariaLabel={`Mail Merge of ${batchName(b)}`} onOpened={onOpened}>Mail Merge</LetterFileLink>
        ) : (
          '---'
        ),
      minWidth: 120,
    },
  ];
}
