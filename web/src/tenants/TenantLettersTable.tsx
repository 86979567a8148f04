/**
 * The tenant page's letters: each letter the tenant was sent, newest first, with its batch and date and a
 * link that opens the batch PDF at the tenant's own page. A letter sent before batches recorded their
 * letters under each tenant shows its type and date only (docs/decisions.md "One tenant's whole story").
 */
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { LETTER_TYPE_LABELS } from '../../../shared/contracts/letters';
import type { TenantLetter } from '../../../shared/contracts/tenant-story';
import { batchDate } from '../letters/letter-format';
import { DownloadLink } from '../widgets/DownloadLink';
import { dayText } from './history-text';
import { openLetterPage } from './tenant-story-api';

const letterName = (l: TenantLetter): string =>
  (l.delivery === 'email' ? `${LETTER_TYPE_LABELS[l.letter_type]} certificate (e-mailed)` : `${LETTER_TYPE_LABELS[l.letter_type]} letter`);

function batchText(l: TenantLetter): string {
  if (!l.batch_id) return 'Not recorded (sent before letters were kept with each tenant)';
  return `${l.scope ?? ''} batch of ${batchDate(l.save_time)}${l.created_by ? `, by ${l.created_by}` : ''}`;
}

export function TenantLettersTable({ letters, tenantName }: { letters: readonly TenantLetter[]; tenantName: string }) {
  return (
    <Table<TenantLetter>
      header={<Header variant="h2" counter={`(${letters.length})`} description="Every letter sent to this tenant, newest first.">Letters</Header>}
      items={[...letters]}
      wrapLines
      ariaLabels={{ tableLabel: 'Letters sent' }}
      columnDefinitions={[
        { id: 'letter', header: 'Letter', cell: letterName, isRowHeader: true, minWidth: 150 },
        { id: 'date', header: 'Dated', cell: (l) => (l.letter_date ? dayText(l.letter_date) : '—'), minWidth: 100 },
        { id: 'batch', header: 'Batch', cell: batchText, minWidth: 200 },
        {
          id: 'page',
          header: 'PDF',
          cell: (l) => (l.file_name ? (
            <DownloadLink
              open={() => openLetterPage(l.file_name!, l.page)}
              iconName="external"
              ariaLabel={`Open ${tenantName}'s page of the ${letterName(l).toLowerCase()} batch (page ${l.page ?? 1})`}
            >
              {`Page ${l.page ?? 1} of the batch PDF`}
            </DownloadLink>
          ) : '—'),
          minWidth: 180,
        },
      ]}
      empty={<Box textAlign="center" color="inherit">No letters sent.</Box>}
    />
  );
}
