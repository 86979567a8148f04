/**
 * A removal preview as the ledger-checks worker leaves it: its tenants in the exports bucket's
 * temporary prefix and its counts on the preview job. Apart from ledger-jobs.ts so the facility-software
 * API group, which shows and confirms previews, does not bundle the SiteLink and StorEdge clients.
 */
import { EXPORTS_TEMPORARY_PREFIX } from '../../shared/resources';
import { ineligiblePreview } from '../../shared/contracts/ledger-checks';
import type { IneligiblePreview, IneligibleTenant } from '../../shared/contracts/ledger-checks';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import { isMissingObject } from '../aws/s3-errors';
import { getJob } from '../jobs/job-store';
import { LEDGER_JOB_TYPES } from './ledger-job-types';

/** The preview's tenants, in the exports bucket's temporary prefix (expired by its lifecycle rule). */
export const previewKey = (previewId: string): string => `${EXPORTS_TEMPORARY_PREFIX}ineligible-previews/${previewId}.json`;

/** A previewed tenant: what the page shows, and the version the removal is locked on. */
export interface PreviewRow extends IneligibleTenant { updated_at: string }

/** The preview's tenants; null once the bucket's lifecycle rule expired the file. */
export async function readPreviewRows(previewId: string): Promise<PreviewRow[] | null> {
  const { GetObjectCommand } = await s3Commands();
  try {
    const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('exports'), Key: previewKey(previewId) }));
    return JSON.parse(await out.Body!.transformToString('utf-8')) as PreviewRow[];
  } catch (err) {
    if (isMissingObject(err)) return null;
    throw err;
  }
}

export async function writePreviewRows(previewId: string, rows: readonly PreviewRow[]): Promise<void> {
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({
    Bucket: bucketName('exports'), Key: previewKey(previewId), Body: JSON.stringify(rows), ContentType: 'application/json',
  }));
}

/** The preview a removal was confirmed from, as its job stored it. */
export async function previewOf(previewId: string): Promise<IneligiblePreview | null> {
  const job = await getJob(previewId);
  if (!job || job.type !== LEDGER_JOB_TYPES.preview || job.status !== 'done') return null;
  return ineligiblePreview.parse(job.result);
}

