/** How the letter screens show letter dates and batch times (spec §4 'Letters sent today', §9 date formats). */
import { LETTER_TYPE_LABELS } from '../../../shared/contracts/letters';
import { formatWireDate, todayWire } from '../widgets/date-format';

/**
 * An audit or reminder letter dated `wire` counts as sent once its date has passed, or on its date when
 * the local time is past 12:00 (spec §4 'Letters sent today'); before that it is waiting to be mailed.
 */
export function letterSentState(wire: string | null, now = new Date()): 'sent' | 'pending' | null {
  if (!wire) return null;
  const today = todayWire(now);
  if (wire < today) return 'sent';
  if (wire === today && now.getHours() >= 12) return 'sent';
  return 'pending';
}

/** M/DD/YYYY of a wire date (YYYY-MM-DD) or, for a time (ISO), of its day in the viewer's calendar; '---' when null. */
export function batchDate(value: string | null): string {
  if (!value) return '---';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatWireDate(value, 'M/dd/yyyy');
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : formatWireDate(todayWire(time), 'M/dd/yyyy');
}

/** The letter date picker's format (spec §2, §9). */
export const LETTER_DATE_FORMAT = 'MM/dd/yyyy';

const TYPE_NAMES = { ...LETTER_TYPE_LABELS, sample: 'Sample' } as const;

/** The name a letter file is downloaded under: '1001_Audit_Letters_2026-05-01.pdf', '..._Mail_Merge_....xlsx'. */
export function letterOutputName(scope: string, letterType: keyof typeof TYPE_NAMES, file: 'pdf' | 'mail_merge', day: string): string {
  return `${scope}_${TYPE_NAMES[letterType]}_${file === 'pdf' ? 'Letters' : 'Mail_Merge'}_${day}.${file === 'pdf' ? 'pdf' : 'xlsx'}`;
}
