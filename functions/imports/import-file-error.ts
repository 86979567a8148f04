/**
 * What the rent-roll reader reports. A file it cannot read as a whole (not an .xlsx, damaged, no header
 * row, an empty first sheet, a file the software needs missing) throws ImportFileError; being a
 * JobRefused, the import job fails at once instead of being retried, since a retry reads the same
 * bytes; its message still goes on to the dead-letter queue, for a look at the file. A single row that cannot be a tenant is not an exception: the reader reports its RowErrors and
 * reads on (functions/imports/rent-roll-reader.ts).
 */
import type { ImportFileRole } from '../../shared/import-software';
import { JobRefused } from '../jobs/job-refused';

export class ImportFileError extends JobRefused {
  override name = 'ImportFileError';

  /**
   * @param file the file at fault; null when no file is (an unknown software)
   * @param message the whole sentence a user reads, naming the file (and the row and column when there is one)
   */
  constructor(
    readonly file: ImportFileRole | null,
    message: string,
    readonly row: number | null = null,
    readonly column: string | null = null,
  ) {
    super(message, { deadLetter: true });
  }
}

/** Why one row is refused: the column as its header reads in the file, and a sentence naming file, row and column. */
export interface RowError {
  column: string;
  message: string;
}
