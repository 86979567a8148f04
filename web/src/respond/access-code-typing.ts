/**
 * The access code field as the tenant types it: upper case, grouped 'K7PX-3M9Q' as on the letter,
 * whatever the tenant types between the groups (a space, a dash, nothing). Letters the alphabet does
 * not have (0, O, 1, I, L) are kept, so the field can say why the code cannot be right instead of
 * silently dropping what was typed.
 */
import { ACCESS_CODE_LENGTH, formatAccessCode } from '../../../shared/access-code';

export function formatTypedCode(typed: string): string {
  const symbols = typed.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, ACCESS_CODE_LENGTH);
  return formatAccessCode(symbols);
}

/** The code from the letter's QR address ('https://site/respond#code=K7PX-3M9Q'), or '' when there is none. */
export function codeFromFragment(hash: string): string {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code ? formatTypedCode(code) : '';
}
