/**
 * Archive records (docs/data-model.md "Archives"; docs/decisions.md "Archives: the calls and records"):
 * one item per archive, written by the archive job once its export is verified and before any tenant is
 * deleted, so the Archives tab lists every export that holds tenants the program no longer has.
 *
 *   ARCHIVE#{archive id} / RECORD                the archive (ArchiveView's fields, file_key, job_id)
 *   ARCHIVES / COUNT                             how many archives are on record (ADD in the record's transaction)
 *   ARCHIVEFILE#{export file name, lower} / CLAIM  file name -> archive id (and its job), claimed by the route
 *
 * Listed newest first (sort key `{archived_at}#{id}`) on
 *   gsi1  ARCHIVES                                every archive
 *   gsi2  ARCHIVES#FACILITY#{number, lower}       one facility (a few archives a year: the date filter is a Query filter)
 *   gsi3  ARCHIVES#LED#{letter effective date}    one letter effective date (none when the archive had none)
 */
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { ArchiveView } from '../../shared/contracts/archives';
import { ARCHIVE_FILENAME_PATTERN } from '../../shared/contracts/archives';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { newestFirstPage } from '../aws/newest-first-page';
import type { OverloadedIndex } from '../aws/newest-first-page';
import { conflict } from '../runtime/http-error';
import { isConditionFailure } from '../aws/dynamo-errors';

export interface ArchiveRecord extends ArchiveView {
  /** The export's key in the exports bucket (archive-job-input.ts archiveFileKey). */
  file_key: string;
  job_id: string;
}

/** A claimed export file name: which archive writes it, and the job writing it (download-export's 409). */
export interface ExportFilenameClaim { filename: string; archive_id: string; job_id: string | null }

type Item = Record<string, NativeAttributeValue>;

const recordKey = (id: string) => ({ pk: `ARCHIVE#${id}`, sk: 'RECORD' });
/** How many archives are on record: ADD `total` in each record's transaction. */
export const ARCHIVES_COUNT_KEY = { pk: 'ARCHIVES', sk: 'COUNT' };
const claimKey = (filename: string) => ({ pk: `ARCHIVEFILE#${filename.toLowerCase()}`, sk: 'CLAIM' });
const ALL = 'ARCHIVES';
const byFacility = (facilityNumber: string) => `ARCHIVES#FACILITY#${facilityNumber.trim().toLowerCase()}`;
const byLetterEffectiveDate = (date: string) => `ARCHIVES#LED#${date}`;


/** The stored item of a record: its key and its three list keys (newest first by `{archived_at}#{id}`). */
export function archiveItem(record: ArchiveRecord): Item {
  const sortKey = `${record.archived_at}#${record.id}`;
  return {
    ...recordKey(record.id), type: 'archive', ...record,
    gsi1pk: ALL, gsi1sk: sortKey, gsi2pk: byFacility(record.facility_number), gsi2sk: sortKey,
    ...(record.letter_effective_date ? { gsi3pk: byLetterEffectiveDate(record.letter_effective_date), gsi3sk: sortKey } : {}),
  };
}

/**
 * Puts the record with its list keys and counts it, in one transaction. Idempotent: a redelivered job
 * recording the same archive again changes nothing (the record is there, the count moved once).
 */
export async function recordArchive(record: ArchiveRecord): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: archiveItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: tableName(), Key: ARCHIVES_COUNT_KEY, UpdateExpression: 'ADD #total :one', ExpressionAttributeNames: { '#total': 'total' }, ExpressionAttributeValues: { ':one': 1 } } },
      ],
    }));
  } catch (err) {
    if (isConditionFailure(err)) return;
    throw err;
  }
}

function recordFromItem(item: Item): ArchiveRecord {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, gsi3pk: _5, gsi3sk: _6, ...rest } = item;
  return rest as ArchiveRecord;
}

export async function getArchive(id: string): Promise<ArchiveRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: recordKey(id), ConsistentRead: true }));
  return out.Item ? recordFromItem(out.Item) : null;
}

/** Who claimed an export file name (any case), or null when no archive ever did. */
export async function exportFilenameClaim(filename: string): Promise<ExportFilenameClaim | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: claimKey(filename), ConsistentRead: true }));
  if (!out.Item) return null;
  return { filename: out.Item.filename as string, archive_id: out.Item.archive_id as string, job_id: (out.Item.job_id as string | undefined) ?? null };
}

/** The archive on record whose export has this file name (any case); null while its job has not recorded it, or never. */
export async function archiveByFilename(filename: string): Promise<ArchiveRecord | null> {
  const claim = await exportFilenameClaim(filename);
  return claim ? getArchive(claim.archive_id) : null;
}

/** At most this many archives of one name (`_2` ... `_50`); beyond, the route answers 409 (the claims are never read in bulk). */
const MAX_NAME_SUFFIX = 50;

/**
 * The spec's export name without `.xlsx`: {facility_number}_{prime_site_id}_{letter_effective_date}, with
 * 'no-date' for a scope without a letter effective date. Characters the download pattern refuses become
 * '-', so every claimed name can be downloaded (shared/contracts/archives.ts ARCHIVE_FILENAME_PATTERN).
 */
export function exportFilenameBase(facilityNumber: string, primeSiteId: string, letterEffectiveDate: string | null): string {
  const clean = (part: string) => part.trim().replace(/[^A-Za-z0-9 _.-]/g, '-').replace(/\.{2,}/g, '.');
  const base = `${clean(facilityNumber)}_${clean(primeSiteId)}_${letterEffectiveDate ?? 'no-date'}`.slice(0, 130);
  return /^[A-Za-z0-9]/.test(base) ? base : `F${base}`;
}

/**
 * Claims `{base}.xlsx` for the archive, else `{base}_2.xlsx`, `{base}_3.xlsx`, ... (conditional Puts),
 * and answers the name claimed. Claiming again for the same archive answers its name again.
 */
export async function claimExportFilename(base: string, archiveId: string, jobId?: string): Promise<string> {
  for (let n = 1; n <= MAX_NAME_SUFFIX; n += 1) {
    const filename = n === 1 ? `${base}.xlsx` : `${base}_${n}.xlsx`;
    if (!ARCHIVE_FILENAME_PATTERN.test(filename)) throw new Error(`archive export name '${filename}' does not match the download pattern`);
    try {
      await dynamo().send(new PutCommand({
        TableName: tableName(),
        Item: { ...claimKey(filename), type: 'archive-file-claim', filename, archive_id: archiveId, ...(jobId ? { job_id: jobId } : {}), claimed_at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk) OR archive_id = :mine',
        ExpressionAttributeValues: { ':mine': archiveId },
      }));
      return filename;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw conflict(`${MAX_NAME_SUFFIX} archive exports are already named ${base}.xlsx to ${base}_${MAX_NAME_SUFFIX}.xlsx; give the facility or cycle a new letter effective date before archiving it again.`);
}

export interface ArchiveListRequest {
  facilityNumber?: string;
  letterEffectiveDate?: string;
  cursor?: string;
  perPage: number;
  /** A page of the whole list asked by its number without its cursor: start after this many archives (keys only). */
  skip?: number;
}

/** How many archives are on record (the count item), for the unfiltered list's exact total. */
export async function archiveCount(): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ARCHIVES_COUNT_KEY }));
  return Number(out.Item?.total ?? 0);
}

/**
 * A page of archives, newest first, from the cursor: one Query of the index partition the filters name
 * (one more record than the page, so the answer knows whether another page follows), never the whole
 * table. With both filters the facility's partition is read with a date filter, Query after Query until
 * the page is full (a facility has a few archives a year).
 */
export async function listArchives(req: ArchiveListRequest): Promise<{ rows: ArchiveRecord[]; nextCursor: string | null }> {
  const facility = req.facilityNumber?.trim();
  const date = req.letterEffectiveDate;
  const [index, partition]: [OverloadedIndex, string] = facility
    ? ['gsi2', byFacility(facility)]
    : date ? ['gsi3', byLetterEffectiveDate(date)] : ['gsi1', ALL];
  const { items, nextCursor } = await newestFirstPage({
    index, partition, record: { pkPrefix: 'ARCHIVE#', sk: 'RECORD' }, perPage: req.perPage, cursor: req.cursor, skip: req.skip,
    ...(facility && date ? { filter: { field: 'letter_effective_date', value: date } } : {}),
  });
  return { rows: items.map(recordFromItem), nextCursor };
}

/** What the Archives tab shows of a record: never where the export is kept. */
export function archiveViewOf(r: ArchiveRecord): ArchiveView {
  return {
    id: r.id, scope: r.scope, facility_id: r.facility_id, facility_number: r.facility_number, prime_site_id: r.prime_site_id,
    letter_effective_date: r.letter_effective_date, percent_complete: r.percent_complete, cycle_id: r.cycle_id, cycle_label: r.cycle_label,
    tenant_count: r.tenant_count, export_filename: r.export_filename, archived_at: r.archived_at, archived_by: r.archived_by, retired: r.retired,
  };
}
