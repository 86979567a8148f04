/**
 * The import calls (spec §7 'Import and policy setup'; docs/decisions.md "Rent-roll imports"):
 *   POST /api/tenants/import-uploads   one presigned POST per file, under keys of the import to come
 *   POST /api/tenants/import           the files (multipart) or an upload's id: queues the import
 *   POST /api/cycles/import-tenants    the same, into a given cycle
 * Every check that needs no file content is made here, before anything is stored or queued; the
 * worker (import-job.ts) reads the files. The import's id is the job's id and names its files' keys.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IMPORT_CONTRACTS } from '../../shared/contracts/imports';
import type { SentFiles } from '../../shared/contracts/imports';
import { IMPORT_FILE_ROLES, MAX_IMPORT_FILE_BYTES, importFileLabel, importSoftwareLabel } from '../../shared/import-software';
import type { ImportFileRole, ImportSoftware } from '../../shared/import-software';
import { refuseWhileArchiving } from '../archives/archive-lock';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { requireCycle } from '../cycles/cycle-store';
import { enqueueJob, getJob, toJobView } from '../jobs/job-store';
import { HttpError, notFound, unprocessable } from '../runtime/http-error';
import { implement, requireCaller } from '../runtime/route';
import type { Caller, RouteImpl } from '../runtime/route';
import { IMPORT_JOB_TYPE } from './import-job-type';
import type { ImportJobInput } from './import-job-type';
import { UPLOAD_EXPIRES_SECONDS, importFileKey, presignUpload, putImportFile, uploadedSize } from './import-files';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

/**
 * An upload waiting for its import (TTL: gone a day after it was asked for):
 *   IMPORT_UPLOAD#{id} / IMPORT_UPLOAD    who asked, for which software and cycle, which files; job_id once started
 */
interface UploadRecord {
  id: string;
  created_by: string;
  software: ImportSoftware;
  cycle_id: string | null;
  files: { role: ImportFileRole; name: string; size: number }[];
  job_id?: string;
}
const uploadKey = (id: string) => ({ pk: `IMPORT_UPLOAD#${id}`, sk: 'IMPORT_UPLOAD' });
const UPLOAD_RECORD_TTL_SECONDS = 24 * 60 * 60;

const GONE = 'This upload does not exist or has expired. Choose the files again.';

/** The cycle an import names: it exists (404), can still take tenants (422) and is not being archived (409). */
async function openCycle(cycleId: string) {
  const cycle = await requireCycle(cycleId);
  if (cycle.archived_at) throw unprocessable(`Cycle '${cycle.label}' is archived: tenants cannot be imported into it.`, 'cycle_id');
  // The job would be refused when it starts; say so now (an import of a file naming no cycle learns it from the job).
  await refuseWhileArchiving({ id: cycle.facility_id, facility_number: cycle.facility_number }, cycle.id, 'import');
  return cycle;
}

async function queueImport(caller: Caller, id: string, input: Omit<ImportJobInput, 'user_id' | 'username'>, facilityId: string | null) {
  const job = await enqueueJob({
    id, queue: 'rent-roll-imports', type: IMPORT_JOB_TYPE, createdBy: caller.user.id, facilityId,
    input: { ...input, user_id: caller.user.id, username: caller.user.username },
  });
  return { status: 202, body: { job: toJobView(job) } };
}

/** The files sent in the request, put where an upload would have put them. */
async function storeSentFiles(id: string, sent: SentFiles): Promise<ImportJobInput['files']> {
  const files: ImportJobInput['files'] = {};
  for (const role of IMPORT_FILE_ROLES) {
    const file = sent[role];
    if (!file) continue;
    const key = importFileKey(id, role);
    await putImportFile(key, Buffer.from(file.content));
    files[role] = { key, name: file.filename };
  }
  return files;
}

/** Starts the import of an upload: once only (a second call answers the same job), only by who asked for it. */
async function startUpload(caller: Caller, uploadId: string, software: ImportSoftware, cycleId: string | null, facilityId: string | null) {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: uploadKey(uploadId), ConsistentRead: true }));
  const upload = out.Item as (UploadRecord & { expires_at_epoch: number }) | undefined;
  // Someone else's upload is answered as missing: its id tells the caller nothing.
  if (!upload || upload.created_by !== caller.user.id || upload.expires_at_epoch * 1000 < Date.now()) throw notFound(GONE);
  if (upload.software !== software) throw unprocessable(`This upload was made for ${importSoftwareLabel(upload.software)}, not ${importSoftwareLabel(software)}.`, 'software');
  if ((upload.cycle_id ?? null) !== cycleId) throw unprocessable('This upload was made for another cycle. Choose the files again.', 'cycle_id');
  if (upload.job_id) {
    const job = await getJob(upload.job_id);
    if (job) return { status: 202, body: { job: toJobView(job) } };
  }
  const files: ImportJobInput['files'] = {};
  for (const f of upload.files) {
    const key = importFileKey(upload.id, f.role);
    const size = await uploadedSize(key);
    if (size === null) throw unprocessable(`The ${importFileLabel(f.role)} '${f.name}' has not been uploaded yet. Send it, then start the import.`, f.role);
    files[f.role] = { key, name: f.name };
  }
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: uploadKey(upload.id), UpdateExpression: 'SET job_id = :id',
      ConditionExpression: 'attribute_not_exists(job_id) OR job_id = :id', ExpressionAttributeValues: { ':id': upload.id },
    }));
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new HttpError(409, 'This upload is being imported already.');
    throw err;
  }
  return queueImport(caller, upload.id, { software, cycle_id: cycleId, files }, facilityId);
}

type ImportRoute = 'POST /api/tenants/import-uploads' | 'POST /api/tenants/import' | 'POST /api/cycles/import-tenants';

/** The imports group's routes (functions/api/imports.ts). */
export const importRoutes: Record<ImportRoute, RouteImpl> = {
  'POST /api/tenants/import-uploads': implement(IMPORT_CONTRACTS['POST /api/tenants/import-uploads'], async (input) => {
    const caller = requireCaller(input);
    const { software, files } = input.body;
    const cycleId = input.body.cycle_id ?? null;
    if (cycleId) await openCycle(cycleId);
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString();
    const record: UploadRecord = { id, created_by: caller.user.id, software, cycle_id: cycleId, files };
    await dynamo().send(new PutCommand({
      TableName: tableName(),
      Item: { ...uploadKey(id), type: 'import_upload', ...record, expires_at_epoch: Math.floor(Date.now() / 1000) + UPLOAD_RECORD_TTL_SECONDS },
    }));
    const presigned = await Promise.all(files.map(async (f) => ({ role: f.role, ...(await presignUpload(importFileKey(id, f.role), MAX_IMPORT_FILE_BYTES)) })));
    return { body: { upload_id: id, expires_at: expiresAt, max_bytes: MAX_IMPORT_FILE_BYTES, files: presigned } };
  }),

  'POST /api/tenants/import': implement(IMPORT_CONTRACTS['POST /api/tenants/import'], async (input) => {
    const caller = requireCaller(input);
    const { software, upload_id: uploadId, ...sent } = input.body;
    if (uploadId) return startUpload(caller, uploadId, software, null, null);
    const id = randomUUID();
    return queueImport(caller, id, { software, cycle_id: null, files: await storeSentFiles(id, sent) }, null);
  }),

  'POST /api/cycles/import-tenants': implement(IMPORT_CONTRACTS['POST /api/cycles/import-tenants'], async (input) => {
    const caller = requireCaller(input);
    const { software, upload_id: uploadId, cycle_id: cycleId, ...sent } = input.body;
    const cycle = await openCycle(cycleId);
    if (uploadId) return startUpload(caller, uploadId, software, cycle.id, cycle.facility_id);
    const id = randomUUID();
    return queueImport(caller, id, { software, cycle_id: cycle.id, files: await storeSentFiles(id, sent) }, cycle.facility_id);
  }),
};
