/**
 * Downloading an export: a short-lived presigned GET of the object, saved under the name the caller
 * asks for. The route answers the link as JSON rather than redirecting, because the browser fetches it
 * with the session header (a new window cannot send one) and then opens the link (docs/decisions.md,
 * "Export downloads"). An export whose job is still queued or running answers 409 'The export is not
 * ready yet.' rather than 404 (functions/exports/export-jobs.ts finds the job from the key). No workbook
 * library here: workbooks are written by the archive-exports worker. The S3 client and the presigner
 * are loaded by the first download or existence check, not at init (functions/aws/clients.ts).
 */
import type { RouteContract } from '../../shared/contracts';
import { conflict, notFound } from '../runtime/http-error';
import { registerOwnershipResolver } from '../runtime/ownership';
import { implement } from '../runtime/route';
import type { RouteImpl, RouteInput } from '../runtime/route';
import { pendingExportJob } from './export-jobs';
import { exportExists, presignDownload } from './presign';
import { ownerFacilityId, parseExportKey, safeFilename } from './export-keys';

export const EXPORT_NOT_READY = 'The export is not ready yet.';
export const EXPORT_MISSING = 'This export does not exist or has expired. Please export again.';

/**
 * Object-level access for `export` scopes (shared/routes.ts): a key outside the layout is 422; a staff
 * export belongs to no facility, so a manager gets 403 without a lookup (whether it exists is none of a
 * manager's business); a facility export belongs to its facility, or is 404 when there is no object
 * and no job still writing it.
 * Staff skip the check; the download route itself answers 422 and 404 for them.
 */
export async function resolveExportOwner(fileKey: string): Promise<string | null> {
  const { owner } = parseExportKey(fileKey);
  if (owner.kind === 'facility' && !(await exportExists(fileKey)) && !(await pendingExportJob(fileKey))) return null;
  return ownerFacilityId(owner);
}

/** Call once at the init of every Lambda whose routes carry an `export` scope. */
export function registerExportOwnership(): void {
  registerOwnershipResolver('export', resolveExportOwner);
}

export interface ExportLocation {
  file_key: string;
  /** The name to save as; defaults to the file part of the key. */
  filename?: string;
}

/**
 * A download route: `locate` turns the validated request into the object's key (and optionally the name
 * to save it as); the key is checked against the layout (422), the object must exist (409 while its job
 * is still queued or running, else 404), and the answer is a presigned link. Who may call it is the route table's business (access and scope).
 */
export function downloadRoute<C extends RouteContract>(contract: C, locate: (input: RouteInput<C>) => ExportLocation | Promise<ExportLocation>): RouteImpl {
  return implement(contract, async (input) => {
    const location = await locate(input);
    const parsed = parseExportKey(location.file_key);
    if (!(await exportExists(location.file_key))) {
      throw (await pendingExportJob(location.file_key)) ? conflict(EXPORT_NOT_READY) : notFound(EXPORT_MISSING);
    }
    const extension = /\.[A-Za-z0-9]+$/.exec(parsed.filename)?.[0] ?? '.xlsx';
    const filename = location.filename ? safeFilename(location.filename, extension) : parsed.filename;
    return { body: await presignDownload(location.file_key, filename) };
  });
}
