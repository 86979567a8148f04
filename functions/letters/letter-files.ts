/**
 * Where a letter job's files live: `letters/{file_name}` in the exports bucket (shared/resources.ts
 * LETTERS_PREFIX), kept for the letter batches page. The names derive from the job, so a retried job
 * writes the same objects again instead of new ones, and the download call needs only the name.
 */
import { LETTERS_PREFIX } from '../../shared/resources';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';

export const letterFileKey = (fileName: string) => `${LETTERS_PREFIX}${fileName}`;

/** `{facility number or state}-{letter type}-{letter date}-{12 characters of the job id}` */
export function letterFileStem(args: { scope: string; letterType: string; letterDate: string; jobId: string }): string {
  const scope = args.scope.replace(/[^A-Za-z0-9-]+/g, '_');
  return `${scope}-${args.letterType}-${args.letterDate}-${args.jobId.replace(/-/g, '').slice(0, 12)}`;
}

export const letterPdfName = (stem: string) => `${stem}.pdf`;
export const mailMergeName = (stem: string) => `${stem}-mail-merge.xlsx`;

const CONTENT_TYPE: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function putLetterFile(fileName: string, body: Uint8Array): Promise<void> {
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({
    Bucket: bucketName('exports'), Key: letterFileKey(fileName), Body: body, ContentType: CONTENT_TYPE[fileName.split('.').pop()!],
  }));
}
