/**
 * A tenant renting several units is on several rows in most rent rolls (docs/import-formats.md), and
 * not always rows that follow one another: a rent roll sorted by unit lists a tenant's units apart. Rows
 * of one tenant (same Prime Site ID and tenant id, compared trimmed and case-free) are merged into one
 * tenant wherever they are: its first row gives the details and the first unit (`unit`), and `units`
 * lists every unit in file order (empty for a tenant with one unit, as the tenant record keeps it).
 *
 * A tenant is complete only once the whole sheet is read, so every tenant is held until then: the
 * tenant objects the formats made (their texts are mostly exceljs's shared strings, which it holds
 * anyway), ≈ 0.3-0.4 KB a tenant on top, ≈ 15-20 MB for 50,000 rows. Holding one small entry per tenant
 * id and reading the file a second time would hold less, but the import job would then read each file
 * three times; docs/decisions.md "Rent-roll imports" weighs the two.
 */
import { MAX_UNITS } from './imported-tenant';
import type { ImportedTenant } from './imported-tenant';
import type { RowCells } from './sheet-columns';

/** Tenant ids are compared as the program compares ledger ids: case and surrounding spaces aside. */
const tenantKey = (t: ImportedTenant): string => `${t.prime_site_id.trim().toLowerCase()}\u0000${t.ledger_id.trim().toLowerCase()}`;

export class TenantUnits<K extends string> {
  /** By tenant key, in the order of each tenant's first row (a Map keeps insertion order). */
  private readonly tenants = new Map<string, { row: number; tenant: ImportedTenant }>();

  constructor(private readonly unitColumn: K) {}

  /**
   * Takes a valid row's tenant, its units those of the row: a new tenant, or more units of one already
   * read. A unit listed twice counts once; units past the limit refuse the row (an error in `cells.errors`).
   */
  add(row: number, tenant: ImportedTenant, cells: RowCells<K>): void {
    const key = tenantKey(tenant);
    const earlier = this.tenants.get(key);
    if (!earlier) {
      this.tenants.set(key, { row, tenant: { ...tenant, units: [...new Set(tenant.units)] } });
      return;
    }
    const { units } = earlier.tenant;
    const more = [...new Set(tenant.units)].filter((unit) => !units.includes(unit));
    if (units.length + more.length > MAX_UNITS) cells.fail(cells.header(this.unitColumn), `tenant ${tenant.ledger_id} has more than ${MAX_UNITS} units.`);
    else units.push(...more);
  }

  /** Every tenant, complete now that the sheet is read, in the order of their first rows; each let go as it is given. */
  *end(): Generator<{ row: number; tenant: ImportedTenant }> {
    for (const [key, read] of this.tenants) {
      this.tenants.delete(key);
      if (read.tenant.units.length <= 1) read.tenant.units = [];
      yield read;
    }
  }
}
