/**
 * Reads a rent-roll import's files (docs/import-formats.md): the software's rent roll, and for
 * EasyStorage its tenant address list and insurance sheet, each the first sheet of an .xlsx streamed
 * row by row. Yields each row that cannot be a tenant with its errors as it is read (a refused row does
 * not stop the reading), then each tenant, its rows merged wherever they are in the sheet, once the
 * whole sheet is read. Each row's Prime Site ID comes from its column, the title rows or the import's
 * facility (prime-site.ts). A file that cannot be read at all throws ImportFileError before or while
 * yielding. Where the tenants go (which facility, which cycle, which ones the program already has) is
 * the import job's business, not the reader's.
 */
import { filesNeededBy, importFileLabel, importSoftwareLabel, isImportSoftware } from '../../shared/import-software';
import type { ImportFileRole, ImportSoftware } from '../../shared/import-software';
import { EASYSTORAGE_ADDRESS_LIST, EASYSTORAGE_INSURANCE, EASYSTORAGE_RENT_ROLL, accountKey, addressOf, easyStorageRentRoll, policyOf } from './formats/easystorage';
import type { AccountAddress } from './formats/easystorage';
import type { RentRollFormat } from './formats/rent-roll-format';
import { SITELINK_ALP, SITELINK_WEB } from './formats/sitelink';
import { STOREDGE } from './formats/storedge';
import { SYRASOFT } from './formats/syrasoft';
import { FirstSheet } from './first-sheet';
import type { WorkbookSource } from './first-sheet';
import { ImportFileError } from './import-file-error';
import type { RowError } from './import-file-error';
import type { ImportedTenant } from './imported-tenant';
import { RowSites, siteInTitles } from './prime-site';
import { RowCells, locateHeader } from './sheet-columns';
import type { SheetKind } from './sheet-columns';
import { TenantUnits } from './tenant-units';

export { ImportFileError } from './import-file-error';
export type { RowError } from './import-file-error';
export type { ImportedTenant } from './imported-tenant';
export type { WorkbookSource } from './first-sheet';

/** The files of one import by role: a stream with the name the user gave the file, or a path. */
export type RentRollFiles = Partial<Record<ImportFileRole, WorkbookSource>>;

/** A tenant read, its rows merged; `row` is its first row in the rent roll. */
export interface TenantRead { row: number; tenant: ImportedTenant }
/** A row that cannot be a tenant (or an address list or insurance sheet row that cannot be used). */
export interface RowRefused { row: number; file: ImportFileRole; errors: RowError[] }
export type RentRollItem = TenantRead | RowRefused;

/** Sheet rows read so far in all the import's files (title, header and blank rows included), for a progress bar. */
export interface ReadProgress { rowsRead: number }

export interface ReadOptions {
  /**
   * The Prime Site ID of rows that name none, in a file that names none above its header either: in a
   * cycle's Import Tenants, the cycle's facility's.
   */
  primeSiteId?: string;
}

const RENT_ROLLS: Readonly<Record<Exclude<ImportSoftware, 'easystorage'>, RentRollFormat>> = {
  sitelink_web: SITELINK_WEB,
  sitelink_alp: SITELINK_ALP,
  storedge: STOREDGE,
  syrasoft: SYRASOFT,
};

/** Every kind of sheet the reader knows, to tell a user which one a file without the expected header looks like. */
const SHEET_KINDS: readonly SheetKind<string>[] = [
  SITELINK_WEB, SITELINK_ALP, STOREDGE, SYRASOFT, EASYSTORAGE_RENT_ROLL, EASYSTORAGE_ADDRESS_LIST, EASYSTORAGE_INSURANCE,
];

/**
 * A sheet read down to its header: the rows under it (a for-await over them closes the file however
 * the loop ends), the RowCells each is read through in turn, and what `settle` makes of the header and
 * the rows above it (a refusal there closes the file like any other).
 */
async function openSheet<K extends string, T = void>(
  source: WorkbookSource, kind: SheetKind<K>, progress: ReadProgress, settle?: (sheet: FirstSheet, cells: RowCells<K>) => T,
) {
  const sheet = new FirstSheet(source, kind.file, progress);
  const rows = sheet[Symbol.asyncIterator]();
  try {
    const cells = new RowCells(await locateHeader(sheet, rows, kind, SHEET_KINDS), kind, sheet);
    const settled = settle?.(sheet, cells) as T;
    return { rows: { [Symbol.asyncIterator]: () => rows }, cells, settled };
  } catch (err) {
    await rows.return(undefined);
    throw err;
  }
}

const refused = (cells: RowCells<string>, file: ImportFileRole): RowRefused => ({ row: cells.row.number, file, errors: cells.errors });

/** EasyStorage's address list, into `addresses` by account; the first row of an account is the one used. */
async function* readAddresses(source: WorkbookSource, addresses: Map<string, AccountAddress>, progress: ReadProgress): AsyncGenerator<RowRefused> {
  const rowOf = new Map<string, number>();
  const { rows, cells } = await openSheet(source, EASYSTORAGE_ADDRESS_LIST, progress);
  for await (const row of rows) {
    if (!cells.load(row)) continue;
    const found = addressOf(cells);
    if (!found) continue;
    const key = accountKey(found.account);
    const earlier = rowOf.get(key);
    if (cells.errors.length === 0 && earlier !== undefined) cells.fail(cells.header('account'), `account ${found.account} is also on row ${earlier}; that row is used.`);
    if (cells.errors.length) {
      yield refused(cells, EASYSTORAGE_ADDRESS_LIST.file);
      continue;
    }
    rowOf.set(key, cells.row.number);
    addresses.set(key, found.address);
  }
}

/** EasyStorage's insurance sheet, into `policies` by account; an account insured per unit keeps its first policy. */
async function* readPolicies(source: WorkbookSource, policies: Map<string, string>, progress: ReadProgress): AsyncGenerator<RowRefused> {
  const { rows, cells } = await openSheet(source, EASYSTORAGE_INSURANCE, progress);
  for await (const row of rows) {
    if (!cells.load(row)) continue;
    const found = policyOf(cells);
    if (!found) continue;
    if (cells.errors.length) yield refused(cells, EASYSTORAGE_INSURANCE.file);
    else if (!policies.has(accountKey(found.account))) policies.set(accountKey(found.account), found.policy);
  }
}

async function* readTenants(source: WorkbookSource, format: RentRollFormat, progress: ReadProgress, options: ReadOptions): AsyncGenerator<RentRollItem> {
  const units = new TenantUnits(format.unitColumn);
  const { rows, cells, settled: sites } = await openSheet(source, format, progress, (sheet, header) => new RowSites(
    sheet, { present: header.has(format.siteColumn), header: header.header(format.siteColumn) },
    siteInTitles(sheet, header.layout.titleRows), options.primeSiteId?.trim() || undefined,
  ));
  for await (const row of rows) {
    if (!cells.load(row)) continue;
    const tenant = format.tenantOf(cells);
    if (!tenant) continue;
    tenant.prime_site_id = sites.of(cells, tenant.prime_site_id);
    if (cells.errors.length === 0) units.add(cells.row.number, tenant, cells);
    if (cells.errors.length) yield refused(cells, format.file);
  }
  yield* units.end();
}

/**
 * The refused rows of an import as they are read, then its tenants in the order of their first rows
 * (a tenant is complete only once the whole rent roll is read). `software` is checked here as well as
 * by the routes, since a job's input outlives the code that checked it. Every stream in `files` is
 * closed when the reading ends, however it ends.
 */
export async function* readRentRoll(
  software: string, files: RentRollFiles, progress: ReadProgress = { rowsRead: 0 }, options: ReadOptions = {},
): AsyncGenerator<RentRollItem> {
  try {
    if (!isImportSoftware(software)) throw new ImportFileError(null, `No such software as ${software}.`);
    for (const role of filesNeededBy(software)) {
      if (!files[role]) throw new ImportFileError(role, `${importSoftwareLabel(software)} needs the ${importFileLabel(role)}.`);
    }
    if (software !== 'easystorage') {
      yield* readTenants(files.rent_roll!, RENT_ROLLS[software], progress, options);
      return;
    }
    const addresses = new Map<string, AccountAddress>();
    const policies = new Map<string, string>();
    yield* readAddresses(files.tenant_address_list!, addresses, progress);
    yield* readPolicies(files.insurance_sheet!, policies, progress);
    yield* readTenants(files.rent_roll!, easyStorageRentRoll(addresses, policies), progress, options);
  } finally {
    for (const source of Object.values(files)) if (typeof source === 'object') source.stream.destroy();
  }
}
