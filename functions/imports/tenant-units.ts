/**
 * A tenant renting several units is on several rows in most rent rolls (docs/import-formats.md). Rows of
 * one tenant (same Prime Site ID and tenant id) that follow one another are merged into one tenant: its
 * first row gives the details and the first unit (`unit`), and `units` lists every unit in file order
 * (empty for a tenant with one unit, as the tenant record keeps it). Refused rows and blank rows in
 * between do not part them. Only the tenant being merged is held, so memory stays flat whatever the
 * file's length; what grows is one small entry per tenant id, so that a tenant id coming back after
 * other tenants is refused (its rows must be sorted together) instead of becoming a second tenant.
 */
import { MAX_UNITS } from './imported-tenant';
import type { ImportedTenant } from './imported-tenant';
import type { RowCells } from './sheet-columns';

/** Tenant ids are compared as the program compares ledger ids: case and surrounding spaces aside. */
const tenantKey = (t: ImportedTenant): string => `${t.prime_site_id.trim().toLowerCase()}\u0000${t.ledger_id.trim().toLowerCase()}`;

export class TenantUnits<K extends string> {
  private pending: { row: number; key: string; tenant: ImportedTenant } | null = null;
  private readonly firstRow = new Map<string, number>();

  constructor(private readonly ledgerColumn: K, private readonly unitColumn: K) {}

  /**
   * Takes a valid row's tenant, its units those of the row. Answers the tenant it completes, if any;
   * a tenant id already completed, or one unit too many, is an error of the row (in `cells.errors`).
   */
  add(row: number, tenant: ImportedTenant, cells: RowCells<K>): { row: number; tenant: ImportedTenant } | null {
    const key = tenantKey(tenant);
    const pending = this.pending;
    if (pending && pending.key === key) {
      const units = pending.tenant.units;
      for (const unit of tenant.units) {
        if (units.includes(unit)) continue;
        if (units.length >= MAX_UNITS) {
          cells.fail(cells.header(this.unitColumn), `tenant ${tenant.ledger_id} has more than ${MAX_UNITS} units.`);
          break;
        }
        units.push(unit);
      }
      return null;
    }
    const done = this.end();
    const earlier = this.firstRow.get(key);
    if (earlier !== undefined) {
      cells.fail(cells.header(this.ledgerColumn), `tenant ${tenant.ledger_id} is also on row ${earlier}; a tenant's rows must follow one another.`);
      return done;
    }
    this.firstRow.set(key, row);
    this.pending = { row, key, tenant: { ...tenant, units: [...new Set(tenant.units)] } };
    return done;
  }

  /** The tenant still being merged, complete now that no row of it follows. */
  end(): { row: number; tenant: ImportedTenant } | null {
    const pending = this.pending;
    if (!pending) return null;
    this.pending = null;
    const { tenant } = pending;
    if (tenant.units.length <= 1) tenant.units = [];
    return { row: pending.row, tenant };
  }
}
