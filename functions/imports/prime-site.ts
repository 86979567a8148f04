/**
 * The Prime Site ID of a rent roll's rows (docs/import-formats.md "Prime Site ID"). A row's site comes
 * from, first to last:
 *   1. the row's own site column ('Site ID', 'Facility ID', 'SiteID', 'Site #'), when the file has one
 *      and the cell is filled;
 *   2. the title rows above the header, where a report of one facility prints it once: 'Site ID: 40101',
 *      'Facility ID: 40103', 'Site # 40104    Run date 05/01/26', or the label and the id in two cells;
 *   3. the Prime Site ID the import was given: in a cycle's Import Tenants, that of the cycle's facility.
 * The file's own sources must agree: a column value other than the title's refuses the file, naming
 * both. Whether the file's site is the cycle's is the import job's check (import-job.ts), which knows the
 * facilities and names both too. A file that names no site, with none given, is refused.
 */
import { cellText } from './cell-values';
import type { FirstSheet, SheetRow } from './first-sheet';
import { ImportFileError } from './import-file-error';
import { FIELD_RULES } from './imported-tenant';
import type { RowCells } from './sheet-columns';

/** The site a title row names, and the row, as Excel numbers it. */
export interface TitleSite { value: string; row: number }

/**
 * 'Site ID', 'Site #', 'Site No.', 'Site Number', 'SiteID', 'Facility ID', 'Location ID' and the like. A
 * bare 'Site' or 'Facility' is not a label: 'Facility: Storage 24' names the facility, not its id.
 */
const LABEL = String.raw`\b(?:site|facility|location)\s*(?:id|#|no\.?|number)(?![a-z])`;
/** A label with the id after it in the same cell. */
const LABEL_AND_ID = new RegExp(String.raw`${LABEL}\s*(:?)\s*#?\s*([a-z0-9][a-z0-9-]*)`, 'i');
/** A cell that is only a label: the id is in the next filled cell. */
const LABEL_ONLY = new RegExp(String.raw`^${LABEL}\s*(:?)\s*#?$`, 'i');
/** An id is one word after a colon ('Site ID: MAIN'), or one holding a digit ('Site # 40104'): 'Site ID Report' names none. */
const isId = (colon: string, word: string): boolean => colon === ':' || /\d/.test(word);

/** The site one title row names, if any. */
function siteInRow(row: SheetRow): string | null {
  const texts = row.values.map((value) => cellText(value));
  for (let i = 1; i < texts.length; i += 1) {
    const text = texts[i]!;
    if (!text) continue;
    const inCell = LABEL_AND_ID.exec(text);
    if (inCell && isId(inCell[1]!, inCell[2]!)) return inCell[2]!;
    const label = LABEL_ONLY.exec(text);
    if (label) {
      const next = texts.slice(i + 1).find(Boolean);
      if (next && !/\s/.test(next) && isId(label[1]!, next)) return next;
    }
  }
  return null;
}

const siteKey = (site: string): string => site.trim().toLowerCase();

/**
 * The site the rows above the header name; two title rows naming different sites refuse the file.
 * An id longer than a Prime Site ID may be is not taken for one.
 */
export function siteInTitles(sheet: FirstSheet, titleRows: readonly SheetRow[]): TitleSite | null {
  let found: TitleSite | null = null;
  for (const row of titleRows) {
    const value = siteInRow(row);
    if (value === null || value.length > FIELD_RULES.prime_site_id.max) continue;
    if (found && siteKey(found.value) !== siteKey(value)) {
      throw new ImportFileError(sheet.role, `${sheet.described} names two Prime Site IDs above its header: ${found.value} on row ${found.row} and ${value} on row ${row.number}. A rent roll is one facility's: export it again for one facility.`, row.number);
    }
    found ??= { value, row: row.number };
  }
  return found;
}

/** How the rows of one rent roll get their site (the order above); made once the header is found. */
export class RowSites<K extends string> {
  /**
   * @param given the Prime Site ID of rows that name none (a cycle's facility's), if any
   * @throws ImportFileError when the file names no site and none is given
   */
  constructor(
    private readonly sheet: FirstSheet,
    private readonly column: { present: boolean; header: string },
    private readonly title: TitleSite | null,
    private readonly given: string | undefined,
  ) {
    if (!column.present && !title && !given) {
      throw new ImportFileError(sheet.role, `${sheet.described} names no Prime Site ID: it has no ${column.header} column and no line such as 'Site ID: 40101' above its header. `
        + "Import it from its cycle's Import Tenants (the cycle's facility then gives it), or export it with the site.");
    }
  }

  /**
   * The row's site: its cell, else the title's, else the one given. A cell other than the title's
   * refuses the file; an empty cell with nothing to fall back on is an error of the row.
   */
  of(cells: RowCells<K>, written: string): string {
    const { title } = this;
    if (written) {
      if (title && siteKey(written) !== siteKey(title.value)) {
        throw new ImportFileError(this.sheet.role, `${this.sheet.described} names two Prime Site IDs: ${title.value} above its header (row ${title.row}) and ${written} in its ${this.column.header} column (row ${cells.row.number}). `
          + "A rent roll is one facility's: export it again for one facility.", cells.row.number, this.column.header);
      }
      return written;
    }
    const fallback = title?.value ?? this.given;
    if (fallback) return fallback;
    cells.fail(this.column.header, `${FIELD_RULES.prime_site_id.what} is missing.`);
    return '';
  }
}
