/**
 * What each software's rent roll module provides (docs/import-formats.md): the sheet's columns by header
 * and how one row becomes a tenant. Units of one tenant on several rows are merged afterwards
 * (functions/imports/tenant-units.ts), and the row's Prime Site ID is settled by the reader (a report may
 * print it above the header instead: prime-site.ts), so a format reads one row at a time and holds nothing.
 */
import type { ImportedTenant } from '../imported-tenant';
import type { RowCells, SheetKind } from '../sheet-columns';

export interface RentRollFormat<K extends string = string> extends SheetKind<K> {
  /** The column of the Prime Site ID; optional, since a report of one facility may name it in its title rows. */
  siteColumn: K;
  /** The column of the tenant's id, named in the messages about a tenant's several rows. */
  ledgerColumn: K;
  unitColumn: K;
  /**
   * The row as a tenant, with the units of this row in `units` (one, or several when the row lists
   * them) and its site column's text in `prime_site_id` ('' when empty or absent), its errors in
   * `cells.errors`; null when the row is no tenant's: without a tenant id and a name it is a vacant
   * unit, a total or a note.
   */
  tenantOf(cells: RowCells<K>): ImportedTenant | null;
}
