/**
 * Writes a one-off export: the workbook goes to the exports bucket under the temporary prefix (expired
 * by lifecycle rule), at a key that says who may read it (functions/exports/export-keys.ts). The
 * caller answers `{ file_key, filename }`; GET /api/exports/download presigns it.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../aws/clients';
import { bucketName } from '../aws/config';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from './download';
import { exportKey, safeFilename } from './export-keys';
import type { ExportOwner } from './export-keys';
import { buildWorkbook } from './workbook';
import type { ExportColumn, SheetSpec } from './workbook';

export interface ExportRequest<R> {
  /** Who may download it: staff only, or staff and the facility's manager. */
  owner: ExportOwner;
  /** The file name to save as, with or without `.xlsx` (e.g. `all_facilities`). */
  name: string;
  sheet: string;
  columns: readonly ExportColumn<R>[];
  rows: readonly R[];
  /** Further sheets after the first, if any. */
  moreSheets?: readonly SheetSpec<R>[];
  /** The key folder; a fresh UUID unless the route needs a key it can find again from the name. */
  id?: string;
}

export interface ExportFile {
  file_key: string;
  filename: string;
}

export async function writeExport<R>(request: ExportRequest<R>): Promise<ExportFile> {
  const filename = safeFilename(request.name);
  const fileKey = exportKey(request.owner, request.id ?? randomUUID(), filename);
  const body = buildWorkbook([{ sheet: request.sheet, columns: request.columns, rows: request.rows }, ...(request.moreSheets ?? [])]);
  await s3Client().send(new PutObjectCommand({
    Bucket: bucketName('exports'),
    Key: fileKey,
    Body: body,
    ContentType: XLSX_CONTENT_TYPE,
    ContentDisposition: attachmentDisposition(filename),
  }));
  return { file_key: fileKey, filename };
}
