/**
 * A letter file's link (the batch PDF or its mail-merge workbook): asks for a short-lived download link
 * and opens it in a new window, as the exports do; a failure is told beside the link.
 */
import { DownloadLink } from '../widgets/DownloadLink';
import { letterDownloadLink } from './letters-api';

interface Props {
  fileName: string;
  /** The name the file is saved under. */
  outputName: string;
  children: string;
  ariaLabel?: string;
  /** After the download window was opened (say, to show the popup-blocker hint). */
  onOpened?: () => void;
}

export function LetterFileLink({ fileName, outputName, children, ariaLabel, onOpened }: Props) {
  const open = async () => {
    const link = await letterDownloadLink(fileName, outputName);
    window.open(link.url, '_blank', 'noopener');
    onOpened?.();
  };
  return <DownloadLink open={open} ariaLabel={ariaLabel}>{children}</DownloadLink>;
}
