/**
 * Import records (docs/data-model.md "Rent-roll imports"; docs/decisions.md "Import History"): one item
 * per import, written by the worker when the import finishes or its file is refused, so who imported
 * what, and the duplicates list, are not lost when the 'Import Complete' card closes.
 *
 *   IMPORT#{import id} / RECORD
 *
 * Listed newest first (sort key `{finished_at}#{id}`) on
 *   gsi1  IMPORTS                              every import
 *   gsi2  IMPORTS#SOFTWARE#{software}          one software
 *   gsi3  IMPORTS#FACILITY#{number, lower}     one facility (a few imports a cycle: software is a Query filter)
 * A refused file whose facility was never found has no gsi3 entry. Records are kept; the reports they
 * name are deleted by the exports bucket's lifecycle rule after IMPORT_REPORT_DAYS.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { ImportRecordView } from '../../shared/contracts/import-history';
import type { ImportResult } from '../../shared/contracts/imports';
import type { ImportFileRole, ImportSoftware } from '../../shared/import-software';
import { IMPORT_REPORT_DAYS } from '../../shared/resources';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { newestFirstPage } from '../aws/newest-first-page';
import type { OverloadedIndex } from '../aws/newest-first-page';
import type { ImportJobInput } from './import-job-type';

export interface ImportRecord extends Omit<ImportRecordView, 'duplicates_list' | 'refused_rows_report' | 'already_active_list'> {
  user_id: string;
  /** The reports' keys in the exports bucket (functions/imports/import-reports.ts); null when none was written. */
  duplicates_key: string | null;
  refused_rows_key: string | null;
  /** Absent on records of before the list (issue 24). */
  active_key?: string | null;
}

type Item = Record<string, NativeAttributeValue>;

const recordKey = (id: string) => ({ pk: `IMPORT#${id}`, sk: 'RECORD' });
const ALL = 'IMPORTS';
const bySoftware = (software: ImportSoftware) => `IMPORTS#SOFTWARE#${software}`;
const byFacility = (facilityNumber: string) => `IMPORTS#FACILITY#${facilityNumber.trim().toLowerCase()}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job as the worker hands it over: its id, when it was asked for, and the import routes' input. */
interface ImportJob { id: string; created_at: string; input: ImportJobInput }

function common(job: ImportJob, finishedAt: Date) {
  const { input } = job;
  return {
    id: job.id, started_at: job.created_at, finished_at: finishedAt.toISOString(), user_id: input.user_id, username: input.username,
    software: input.software,
    files: (Object.entries(input.files) as [ImportFileRole, { name: string }][]).map(([role, f]) => ({ role, name: f.name })),
  };
}

/** The record of an import that ran to the end: the card's counts and its reports, kept IMPORT_REPORT_DAYS from now. */
export function doneRecord(job: ImportJob, result: ImportResult, finishedAt = new Date()): ImportRecord {
  const hasReports = Boolean(result.duplicate_tenant_filename || result.error_report_filename || result.active_tenant_filename);
  return {
    ...common(job, finishedAt), status: 'done',
    facility_id: result.facility_id, facility_number: result.facility_number, cycle_id: result.cycle_id, cycle_label: result.cycle_label,
    counts: {
      rows_read: result.rows_read, insert_count: result.insert_count, active_tenants_count: result.active_tenants_count,
      error_count: result.error_count, missing_prime_ids: result.missing_prime_ids, missing_prime_site_ids: result.missing_prime_site_ids,
      duplicate_tenant_count: result.duplicate_tenant_count,
    },
    refusal: null,
    duplicates_key: result.duplicate_tenant_filename, refused_rows_key: result.error_report_filename, active_key: result.active_tenant_filename,
    reports_expire_at: hasReports ? new Date(finishedAt.getTime() + IMPORT_REPORT_DAYS * DAY_MS).toISOString() : null,
  };
}

/** The record of a file refused as a whole (nothing written): why, and the cycle it was meant for when one was named. */
export function refusedRecord(
  job: ImportJob, refusal: string, cycle: { id: string; label: string; facility_id: string; facility_number: string } | null, finishedAt = new Date(),
): ImportRecord {
  return {
    ...common(job, finishedAt), status: 'refused',
    facility_id: cycle?.facility_id ?? null, facility_number: cycle?.facility_number ?? null, cycle_id: cycle?.id ?? null, cycle_label: cycle?.label ?? null,
    counts: null, refusal, duplicates_key: null, refused_rows_key: null, active_key: null, reports_expire_at: null,
  };
}

/** Puts the record with its list keys. A retried job puts it again under the same key: one record an import. */
export async function putImportRecord(record: ImportRecord): Promise<void> {
  const sortKey = `${record.finished_at}#${record.id}`;
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: {
      ...recordKey(record.id), type: 'import_record', ...record,
      gsi1pk: ALL, gsi1sk: sortKey, gsi2pk: bySoftware(record.software), gsi2sk: sortKey,
      ...(record.facility_number ? { gsi3pk: byFacility(record.facility_number), gsi3sk: sortKey } : {}),
    },
  }));
}

function recordFromItem(item: Item): ImportRecord {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, gsi3pk: _5, gsi3sk: _6, ...rest } = item;
  return rest as ImportRecord;
}

export async function getImportRecord(id: string): Promise<ImportRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: recordKey(id) }));
  return out.Item ? recordFromItem(out.Item) : null;
}

export interface ImportListRequest { facilityNumber?: string; software?: ImportSoftware; cursor?: string; perPage: number }

/**
 * A page of records, newest first, from the cursor: one Query of the index partition the filters name
 * (one more record than the page, so the answer knows whether another page follows). With both a
 * facility and a software the facility's partition is read with a filter, Query after Query until the
 * page is full.
 */
export async function listImportRecords(req: ImportListRequest): Promise<{ rows: ImportRecord[]; nextCursor: string | null }> {
  const facility = req.facilityNumber?.trim();
  const [index, partition]: [OverloadedIndex, string] = facility
    ? ['gsi3', byFacility(facility)]
    : req.software ? ['gsi2', bySoftware(req.software)] : ['gsi1', ALL];
  const { items, nextCursor } = await newestFirstPage({
    index, partition, record: { pkPrefix: 'IMPORT#', sk: 'RECORD' }, perPage: req.perPage, cursor: req.cursor,
    ...(facility && req.software ? { filter: { field: 'software', value: req.software } } : {}),
  });
  return { rows: items.map(recordFromItem), nextCursor };
}

/** What Import History shows of a record: which reports it left, not where they are. */
export function importRecordViewOf(r: ImportRecord): ImportRecordView {
  return {
    id: r.id, status: r.status, started_at: r.started_at, finished_at: r.finished_at, username: r.username, software: r.software,
    facility_id: r.facility_id, facility_number: r.facility_number, cycle_id: r.cycle_id, cycle_label: r.cycle_label,
    files: r.files, counts: r.counts, refusal: r.refusal,
    duplicates_list: r.duplicates_key !== null, refused_rows_report: r.refused_rows_key !== null, already_active_list: Boolean(r.active_key),
    reports_expire_at: r.reports_expire_at,
  };
}
