/**
 * The counts of the 'Import Complete' card (spec §3 Import result), as an import job's result and its
 * Import History record both hold them. A module of its own so that imports.ts and import-history.ts
 * share them without either bundle carrying the other's schemas.
 */
import * as z from 'zod';

export const importCounts = z.object({
  rows_read: z.number(),
  insert_count: z.number(),
  active_tenants_count: z.number(),
  error_count: z.number(),
  missing_prime_ids: z.number(),
  missing_prime_site_ids: z.array(z.string()),
  duplicate_tenant_count: z.number(),
});
