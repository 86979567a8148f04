/**
 * Where a rent-roll import's files live in the uploads bucket, and the three ways they move:
 *
 *   imports/{import_id}/{role}.xlsx     role: rent_roll, tenant_address_list, insurance_sheet
 *
 * The browser sends each file straight to its key with a presigned POST whose policy names that exact
 * key, its size range and a short expiry, so a file can only land where the caller's import will read
 * it. The spec's multipart calls put the bytes at the same keys from the API Lambda. The worker reads
 * them back as streams. `import_id` is the job's id, so the keys of one job are the job's own.
 */
import type { Readable } from 'node:stream';
import { IMPORT_CONTENT_TYPE } from '../../shared/import-software';
import { IMPORT_UPLOADS_PREFIX } from '../../shared/resources';
import type { ImportFileRole } from '../../shared/import-software';
import { s3Client, s3Commands } from '../aws/clients';
import { presignUpload as presignPost } from '../aws/uploads';
import type { PresignedUpload } from '../aws/uploads';
import { bucketName } from '../aws/config';

export { UPLOAD_EXPIRES_SECONDS, uploadedSize } from '../aws/uploads';
export type { PresignedUpload } from '../aws/uploads';

export const importFileKey = (importId: string, role: ImportFileRole): string => `${IMPORT_UPLOADS_PREFIX}${importId}/${role}.xlsx`;

/** A POST policy for one import workbook: this key only, 1 byte to `maxBytes`, as an .xlsx (functions/aws/uploads.ts). */
export const presignUpload = (key: string, maxBytes: number): Promise<PresignedUpload> => presignPost(key, { min: 1, max: maxBytes }, IMPORT_CONTENT_TYPE);

/** A file sent in a multipart request, put where a presigned upload would have put it. */
export async function putImportFile(key: string, body: Buffer): Promise<void> {
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: body, ContentType: IMPORT_CONTENT_TYPE }));
}

/** An uploaded file as a stream: the worker reads it row by row, never whole. */
export async function openImportFile(key: string): Promise<Readable> {
  const { GetObjectCommand } = await s3Commands();
  const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
  return out.Body as Readable;
}
