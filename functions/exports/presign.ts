/**
 * Presigned downloads from the exports bucket, and whether an object is there: what every download call
 * (exports, archives, letters) needs, without the export jobs' key layout, so the letters function
 * does not bundle it. The S3 client and the presigner are loaded on first use (functions/aws/clients.ts).
 */
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import { isMissingObject } from '../aws/s3-errors';

/** Long enough for the browser to open the link it was just handed; too short to share it. */
export const DOWNLOAD_LINK_SECONDS = 60;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': XLSX_CONTENT_TYPE,
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
};

export interface DownloadLink {
  url: string;
  filename: string;
  expires_in_seconds: number;
}

/** True when the object exists in the exports bucket. */
export async function exportExists(fileKey: string): Promise<boolean> {
  try {
    const { HeadObjectCommand } = await s3Commands();
    await (await s3Client()).send(new HeadObjectCommand({ Bucket: bucketName('exports'), Key: fileKey }));
    return true;
  } catch (err) {
    if (isMissingObject(err)) return false;
    throw err;
  }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

let presigner: Promise<typeof import('@aws-sdk/s3-request-presigner')> | undefined;
/** The presigner, loaded on first use like the S3 client it signs for (functions/aws/clients.ts). */
function requestPresigner(): Promise<typeof import('@aws-sdk/s3-request-presigner')> {
  presigner ??= import('@aws-sdk/s3-request-presigner').catch((err: unknown) => {
    presigner = undefined;
    throw err;
  });
  return presigner;
}

/**
 * A presigned GET of an exports-bucket object that makes the browser save it as `filename` or, `inline`,
 * show it (a letter PDF opened at a tenant's page).
 */
export async function presignDownload(fileKey: string, filename: string, expiresInSeconds = DOWNLOAD_LINK_SECONDS, inline = false): Promise<DownloadLink> {
  const [{ GetObjectCommand }, { getSignedUrl }, client] = await Promise.all([s3Commands(), requestPresigner(), s3Client()]);
  const extension = /\.[A-Za-z0-9]+$/.exec(filename)?.[0]?.toLowerCase() ?? '';
  const command = new GetObjectCommand({
    Bucket: bucketName('exports'),
    Key: fileKey,
    ResponseContentDisposition: inline ? attachmentDisposition(filename).replace(/^attachment/, 'inline') : attachmentDisposition(filename),
    ...(CONTENT_TYPES[extension] ? { ResponseContentType: CONTENT_TYPES[extension] } : {}),
  });
  const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
  return { url, filename, expires_in_seconds: expiresInSeconds };
}
