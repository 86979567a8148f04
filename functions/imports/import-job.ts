/**
 * The rent-roll import job (worker: rent-roll-imports). The file is read twice, streamed both times:
 *   1. survey: every row read and checked, so a file refused as a whole (unreadable, no header, more than
 *      one facility, no known Prime Site ID or none at all, Prime Site IDs that disagree, another facility
 *      than the cycle's, no cycle to join) is refused before anything is written;
 *   2. import: each row classified (refused, Prime Site ID not in the system, already active, already went
 *      through the system, new) and the new tenants written through the tenant store in transactions that
 *      also move the import's checkpoint (import-checkpoint.ts), so a retry resumes where the last one
 *      stopped and a tenant is never added twice (its id comes from its cycle and ledger id as well).
 * Then the duplicates list and the refused rows are written as workbooks for download. The rules are
 * docs/import-formats.md "Rules"; a file refused as a whole fails the job at once (JobRefused) with a
 * message naming the file, the row and the column.
 */
import type { Readable } from 'node:stream';
import type { ImportResult } from '../../shared/contracts/imports';
import type { ImportFileRole } from '../../shared/import-software';
import { cyclesOfFacility, getCycle } from '../cycles/cycle-store';
import type { CycleRecord } from '../cycles/cycle-store';
import type { FacilityEntry } from '../facilities/facility-store';
import { whileRegistered } from '../archives/archive-lock';
import { JobRefused } from '../jobs/job-refused';
import { recordMetric } from '../runtime/metrics';
import type { JobRunner, JobRunContext } from '../runtime/worker';
import { createTenants, getTenants, refreshCatalogOf, tenantsPerTransaction } from '../tenants/tenant-store';
import type { NewTenant, TenantWrite } from '../tenants/tenant-store';
import { checkpointPut, readCheckpoint } from './import-checkpoint';
import { JobRunElsewhere } from '../jobs/job-run-elsewhere';
import type { ImportCheckpoint } from './import-checkpoint';
import { openImportFile } from './import-files';
import type { ImportJobInput } from './import-job-type';
import { writeImportReports } from './import-reports';
import type { DuplicateRow, RefusedRow } from './import-reports';
import { cycleSite, facilitiesBySite, importedTenantId, ledgerKey, ledgerStandings, siteKey } from './import-target';
import type { CycleSite } from './import-target';
import { readRentRoll } from './rent-roll-reader';
import { recordedImport } from './recorded-import';
import type { ImportedTenant } from './rent-roll-reader';
import { isTransactionCanceled } from '../aws/dynamo-errors';

export { IMPORT_JOB_TYPE } from './import-job-type';

/** Progress is written at most this often (rows), and at each batch. */
const PROGRESS_EVERY_ROWS = 500;

async function openFiles(input: ImportJobInput, open: (key: string) => Promise<Readable>) {
  const files: Partial<Record<ImportFileRole, { stream: Readable; name: string }>> = {};
  for (const [role, file] of Object.entries(input.files) as [ImportFileRole, { key: string; name: string }][]) {
    files[role] = { stream: await open(file.key), name: file.name };
  }
  return files;
}

/**
 * The rows of the import's files; in a cycle's Import Tenants, rows that name no Prime Site ID (nor does
 * the file above its header) are the cycle's facility's. A file refused as a whole throws ImportFileError,
 * a JobRefused: the job fails at once with its message, since a retry would read the same bytes.
 */
async function* rows(input: ImportJobInput, open: (key: string) => Promise<Readable>, given: CycleSite | null) {
  yield* readRentRoll(input.software, await openFiles(input, open), undefined, { primeSiteId: given?.prime_site_id || undefined });
}

interface Survey { rows: number; bySite: Map<string, { written: string; rows: number }>; firstRefusal: string | null }

async function survey(input: ImportJobInput, open: (key: string) => Promise<Readable>, ctx: JobRunContext, given: CycleSite | null): Promise<Survey> {
  const bySite = new Map<string, { written: string; rows: number }>();
  let firstRefusal: string | null = null;
  let count = 0;
  for await (const item of rows(input, open, given)) {
    count += 1;
    if ('tenant' in item) {
      const key = siteKey(item.tenant.prime_site_id);
      const seen = bySite.get(key) ?? { written: item.tenant.prime_site_id.trim(), rows: 0 };
      seen.rows += 1;
      bySite.set(key, seen);
    } else firstRefusal ??= item.errors[0]?.message ?? null;
    if (count % PROGRESS_EVERY_ROWS === 0) await ctx.progress(5, { rows_total: 0, rows_read: count, rows_written: 0, rows_refused: 0 });
  }
  if (count === 0) throw new JobRefused(`The rent roll '${input.files.rent_roll?.name ?? ''}' has no tenant rows under its header.`);
  return { rows: count, bySite, firstRefusal };
}

/** The cycle's facility's Prime Site ID, named beside the file's when they disagree. */
const cycleSiteNamed = (given: CycleSite | null): string =>
  (given?.prime_site_id ? ` This cycle's facility ${given.facility_number} has Prime Site ID ${given.prime_site_id}.` : '');

/** The facility of the file: exactly one known Prime Site ID among its rows. */
async function facilityOf(found: Survey, fileName: string, given: CycleSite | null): Promise<{ facility: FacilityEntry; site: string }> {
  const facilities = await facilitiesBySite();
  const known = [...found.bySite].filter(([key]) => facilities.has(key));
  const names = (list: typeof known) => list.map(([key, s]) => `${s.written} (facility ${facilities.get(key)!.map((f) => f.facility_number).join(' or ')}, ${s.rows} rows)`).join(', ');
  if (known.length === 0) {
    const ids = [...found.bySite.values()].map((s) => s.written);
    throw new JobRefused(ids.length
      ? `No facility has the Prime Site ID ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? '…' : ''} of '${fileName}'.${cycleSiteNamed(given) || " Set the facility's Prime Site ID first."}`
      : `No row of '${fileName}' can be imported. The first problem: ${found.firstRefusal ?? 'no tenant rows'}`);
  }
  if (known.length > 1) throw new JobRefused(`'${fileName}' holds tenants of more than one facility: Prime Site ID ${names(known)}. Import one facility's tenants at a time.`);
  const [key] = known[0]!;
  const candidates = facilities.get(key)!;
  if (candidates.length > 1) {
    throw new JobRefused(`Prime Site ID ${known[0]![1].written} belongs to more than one facility (${candidates.map((f) => f.facility_number).join(', ')}). Give each facility its own Prime Site ID first.`);
  }
  return { facility: candidates[0]!, site: key };
}

async function targetCycle(facility: FacilityEntry, cycleId: string | null, given: CycleSite | null): Promise<CycleRecord> {
  if (cycleId) {
    const cycle = await getCycle(cycleId);
    if (!cycle) throw new JobRefused('The cycle of this import no longer exists.');
    if (cycle.facility_id !== facility.id) {
      throw new JobRefused(`This rent roll is for Prime Site ID ${facility.prime_site_id} (facility ${facility.facility_number}), not for this cycle's facility ${cycle.facility_number}${given?.prime_site_id ? ` (Prime Site ID ${given.prime_site_id})` : ''}.`);
    }
    if (cycle.archived_at) throw new JobRefused(`Cycle '${cycle.label}' is archived: tenants cannot be imported into it.`);
    return cycle;
  }
  const open = await cyclesOfFacility(facility.id);
  if (open.length === 0) throw new JobRefused(`Facility ${facility.facility_number} has no cycle to import into. Create a cycle for it first.`);
  return open[open.length - 1]!.cycle;
}

function newTenantOf(t: ImportedTenant, facility: FacilityEntry): NewTenant {
  const { prime_site_id: _site, ...fields } = t;
  return { ...fields, facility_number: facility.facility_number };
}

/**
 * The import proper (the runner's step 2 and the reports), while the job is registered on its facility
 * (functions/archives/archive-lock.ts).
 */
async function importRows(
  ctx: JobRunContext, input: ImportJobInput, open: (key: string) => Promise<Readable>, given: CycleSite | null, found: Survey,
  target: { facility: FacilityEntry; site: string; cycle: CycleRecord },
): Promise<ImportResult> {
  const { facility, site, cycle } = target;
  // An archive of the cycle may have finished between the survey and the registration.
  if ((await getCycle(cycle.id))?.archived_at) throw new JobRefused(`Cycle '${cycle.label}' is archived: tenants cannot be imported into it.`);
  const standings = await ledgerStandings(facility.id);
  const how: TenantWrite = { actor: { user_id: input.user_id, username: input.username }, action: 'import' };

  let saved: ImportCheckpoint = await readCheckpoint(ctx.job.id);
  let active = saved.active;
  let read = 0;
  const refused: RefusedRow[] = [];
  const duplicates: DuplicateRow[] = [];
  // The rows counted in `active`, listed for download (rows before a retry's checkpoint were listed by the run that read them: see decisions).
  const alreadyActive: DuplicateRow[] = [];
  const missing = new Map<string, number>();
  const seenLedgers = new Map<string, number>();
  let pending: { tenant: NewTenant; id: string; row: DuplicateRow }[] = [];
  const perTransaction = tenantsPerTransaction({ alongside: checkpointPut(ctx.job.id, saved, saved) });

  const report = () => ctx.progress(10 + (85 * read) / found.rows, {
    rows_total: found.rows, rows_read: read, rows_written: saved.inserted, rows_refused: refused.length,
  });

  /** Writes the pending tenants with the checkpoint at `row`; tenants another import added meanwhile count as active. */
  const flush = async (row: number) => {
    while (pending.length > 0) {
      const next: ImportCheckpoint = { row, inserted: saved.inserted + pending.length, active };
      try {
        await createTenants(cycle, pending.map((p) => p.tenant), how, {
          ids: pending.map((p) => p.id), alongside: checkpointPut(ctx.job.id, saved, next), refreshCatalog: false,
        });
        saved = next;
        pending = [];
      } catch (err) {
        if (!isTransactionCanceled(err)) throw err;
        // The checkpoint moved: another run of this job (a message delivered twice) is writing; it finishes the job.
        if ((await readCheckpoint(ctx.job.id)).row !== saved.row) throw new JobRunElsewhere(`Another run of import ${ctx.job.id} is further along; this run stops.`, { cause: err });
        const there = new Set((await getTenants(pending.map((p) => p.id))).map((t) => t.id));
        // Not a tenant that exists: the transaction lost a race on a counter; SQS tries the job again.
        if (there.size === 0) throw err;
        // Another import of the same tenants into this cycle wrote them meanwhile: they are already active.
        active += there.size;
        alreadyActive.push(...pending.filter((p) => there.has(p.id)).map((p) => p.row));
        pending = pending.filter((p) => !there.has(p.id));
      }
    }
  };

  let lastRow = 0;
  for await (const item of rows(input, open, given)) {
    read += 1;
    lastRow = item.row;
    if ('errors' in item) {
      refused.push(...item.errors.map((e) => ({ row: item.row, column: e.column, message: e.message })));
    } else {
      const t = item.tenant;
      const key = ledgerKey(t.ledger_id);
      if (siteKey(t.prime_site_id) !== site) {
        const written = t.prime_site_id.trim() || '(blank)';
        missing.set(written, (missing.get(written) ?? 0) + 1);
      } else if (seenLedgers.has(key)) {
        // The reader merges a tenant's rows by site and tenant id compared as here, so this should not
        // happen; kept so that a change there cannot give two tenants one id.
        refused.push({ row: item.row, column: 'Tenant ID', message: `Tenant ID ${t.ledger_id} is already on row ${seenLedgers.get(key)} of this file.` });
      } else {
        seenLedgers.set(key, item.row);
        const standing = standings.get(key);
        if (standing === 'went_through') duplicates.push({ row: item.row, ...t });
        else if (item.row > saved.row) {
          if (standing === 'active') {
            active += 1;
            alreadyActive.push({ row: item.row, ...t });
          } else pending.push({ tenant: newTenantOf(t, facility), id: importedTenantId(cycle.id, t.ledger_id), row: { row: item.row, ...t } });
        }
      }
    }
    if (pending.length >= perTransaction) {
      await flush(item.row);
      await report();
    } else if (read % PROGRESS_EVERY_ROWS === 0) await report();
  }
  await flush(lastRow);
  await refreshCatalogOf(cycle);
  await ctx.progress(95, { rows_total: found.rows, rows_read: read, rows_written: saved.inserted, rows_refused: refused.length });

  const files = await writeImportReports(ctx.job.id, facility.facility_number, { duplicates, refused, active: alreadyActive });
  const result: ImportResult = {
    facility_id: facility.id, facility_number: facility.facility_number, cycle_id: cycle.id, cycle_label: cycle.label,
    rows_read: read, insert_count: saved.inserted, active_tenants_count: active,
    error_count: new Set(refused.map((r) => r.row)).size,
    missing_prime_ids: [...missing.values()].reduce((a, b) => a + b, 0), missing_prime_site_ids: [...missing.keys()],
    duplicate_tenant_count: duplicates.length, duplicate_tenant_filename: files.duplicates, error_report_filename: files.refused,
    active_tenant_filename: files.active,
  };
  return result;
}

/**
 * The runner; `open` reads an uploaded file (the uploads bucket unless a test says otherwise). Every
 * import that finishes or is refused is put on record for Import History (recorded-import.ts).
 */
export function importRunner(open: (key: string) => Promise<Readable> = openImportFile): JobRunner {
  return recordedImport(async (ctx) => {
    // Written by the import routes only (import-routes.ts queueImport).
    const input = ctx.job.input as unknown as ImportJobInput;
    const fileName = input.files.rent_roll?.name ?? 'rent roll';
    const given = await cycleSite(input.cycle_id);
    const found = await survey(input, open, ctx, given);
    const { facility, site } = await facilityOf(found, fileName, given);
    const cycle = await targetCycle(facility, input.cycle_id, given);
    // Registered while it writes the facility's tenants: no archive starts meanwhile, and none may be running now.
    const result = await whileRegistered(ctx.job.id, [{ facility, cycleIds: [cycle.id] }], 'import', () => importRows(ctx, input, open, given, found, { facility, site, cycle }));
    recordMetric('TenantsImported', result.insert_count);
    recordMetric('TenantsRefused', result.error_count);
    return result as unknown as Record<string, unknown>;
  });
}
