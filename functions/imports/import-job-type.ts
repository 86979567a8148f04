/**
 * The import job's name and input, apart from its runner so the API Lambdas that queue imports do not
 * bundle the reader (exceljs) that only the worker needs.
 */
import type { ImportFileRole, ImportSoftware } from '../../shared/import-software';

export const IMPORT_JOB_TYPE = 'rent-roll-import';

export interface ImportJobInput {
  software: ImportSoftware;
  /** The cycle the tenants join; null: the newest cycle of the file's facility that is not archived. */
  cycle_id: string | null;
  files: Partial<Record<ImportFileRole, { key: string; name: string }>>;
  /** Who started it, for the tenants' history. */
  user_id: string;
  username: string;
}
