/**
 * Cloudscape's StatusIndicator, with its text wrapping between words. Cloudscape gives the text
 * `word-break: break-all`, which splits a sentence at any letter where the line ends ("300 ro / ws",
 * issue 24); our statuses are often sentences (a check's result, a refusal, an error). Only a word
 * longer than the line (a file name) still breaks. Every status of the app comes from here (eslint).
 */
import CloudscapeStatusIndicator from '@cloudscape-design/components/status-indicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import './status-indicator.css';

export function StatusIndicator(props: StatusIndicatorProps) {
  return (
    <span className="status-text">
      <CloudscapeStatusIndicator {...props} />
    </span>
  );
}
