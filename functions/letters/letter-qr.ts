/**
 * The QR code a letter carries: the portal's address with the tenant's access code in its fragment
 * (portalUrlWithCode, shared/access-code.ts), so a phone opens the response page with the code filled
 * in. The matrix comes from the `qrcode` package; the letter draws its dark modules as filled
 * rectangles (letter-draw.ts), vectors like the rest of the page, so it prints sharp at any size.
 */
import { create } from 'qrcode';

/**
 * Error correction M (15% of the symbol may be lost): a folded, handled letter keeps reading, and an
 * address with a code stays a small symbol (version 4, 33 x 33 modules, for a 60-character address).
 */
const ERROR_CORRECTION = 'M';

/** The modules of the QR code of `text`, row by row from the top: true is dark. No quiet zone: the layout keeps one. */
export function qrModules(text: string): boolean[][] {
  const { modules } = create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}
