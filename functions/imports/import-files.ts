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
import { bucketName } from '../aws/config';

/** A presigned POST must be used within this time; the browser uploads right after asking. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

export const importFileKey = (importId: string, role: ImportFileRole): string => `${IMPORT_UPLOADS_PREFIX}${importId}/${role}.xlsx`;

export interface PresignedUpload { url: string; fields: Record<string, string> }

/** A POST policy for one file: this key only, 1 byte to `maxBytes`, for UPLOAD_EXPIRES_SECONDS. */
export async function presignUpload(key: string, maxBytes: number): Promise<PresignedUpload> {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { url, fields } = await createPresignedPost(await s3Client(), {
    Bucket: bucketName('uploads'),
    Key: key,
    Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', IMPORT_CONTENT_TYPE]],
    Fields: { 'Content-Type': IMPORT_CONTENT_TYPE },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields };
}

/** A file sent in a multipart request, put where a presigned upload would have put it. */
export async function putImportFile(key: string, body: Buffer): Promise<void> {
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({ Bucket: bucketName('uploads'), Key: key, Body: body, ContentType: IMPORT_CONTENT_TYPE }));
}

/** The size of an uploaded file, or null when nothing was uploaded at that key. */
export async function uploadedSize(key: string): Promise<number | null> {
  const { HeadObjectCommand } = await s3Commands();
  try {
    const out = await (await s3Client()).send(new HeadObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return out.ContentLength ?? 0;
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return null;
    throw err;
  }
}

/** An uploaded file as a stream: the worker reads it row by row, never whole. */
export async function openImportFile(key: string): Promise<Readable> {
  const { GetObjectCommand } = await s3Commands();
  const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
  return out.Body as Readable;
}
