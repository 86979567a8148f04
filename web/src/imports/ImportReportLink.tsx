/**
 * A link to an import's duplicates list or refused-rows report (the 'Import Complete' card, Import
 * History): downloads it in this page through a short-lived link; a failure (say 410: no longer kept)
 * is told beside the link.
 */
import type { ImportReport } from '../../../shared/contracts/import-history';
import { DownloadLink } from '../widgets/DownloadLink';
import { downloadImportReport } from './import-history-api';

interface Props {
  importId: string;
  report: ImportReport;
  children: string;
  ariaLabel?: string;
}

export function ImportReportLink({ importId, report, children, ariaLabel }: Props) {
  return <DownloadLink open={() => downloadImportReport(importId, report)} ariaLabel={ariaLabel}>{children}</DownloadLink>;
}
