/**
 * Browser uploads straight into the uploads bucket by presigned POST: the policy names one exact key,
 * a size range and the one Content-Type the file is sent with, and expires soon, so a file can only
 * land where its caller will look for it (rent-roll imports, the portal's proof files). Then the
 * caller checks that the file arrived (uploadedSize).
 */
import { s3Client, s3Commands } from './clients';
import { bucketName } from './config';
import { isMissingObject } from './s3-errors';

/** A presigned POST must be used within this time; the browser uploads right after asking. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;

export interface PresignedUpload { url: string; fields: Record<string, string> }

/** The sizes a POST policy accepts, in bytes (both ends included). */
export interface UploadSize { min: number; max: number }

/** A POST policy for one file: this key only, a size in `size`, this Content-Type, for UPLOAD_EXPIRES_SECONDS. */
export async function presignUpload(key: string, size: UploadSize, contentType: string): Promise<PresignedUpload> {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { url, fields } = await createPresignedPost(await s3Client(), {
    Bucket: bucketName('uploads'),
    Key: key,
    Conditions: [['content-length-range', size.min, size.max], ['eq', '$Content-Type', contentType]],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields };
}

/** The size of an uploaded file, or null when nothing was uploaded at that key. */
export async function uploadedSize(key: string): Promise<number | null> {
  const { HeadObjectCommand } = await s3Commands();
  try {
    const out = await (await s3Client()).send(new HeadObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return out.ContentLength ?? 0;
  } catch (err) {
    if (isMissingObject(err)) return null;
    throw err;
  }
}
