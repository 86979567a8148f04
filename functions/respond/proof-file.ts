/**
 * A proof file the tenant's browser sent to the uploads bucket (presigned POST), and the copy of it the
 * program keeps. What the file is, is told by its first bytes, never by its name or the type the browser
 * declared (issue 18: "type checked by content"); a file refused is deleted at once.
 *
 * The presigned POST stays good for its ten minutes after the proof is submitted, so the upload's key
 * could be written again (issue 23, finding 3). The proof therefore never names it: on submit the upload
 * is read whole, checked, hashed, and those very bytes are put at a key of the proof's own that no POST
 * names (proof-record.ts checkedProofKey); the upload is deleted, and one never submitted expires by the
 * bucket's rule (shared/resources.ts PROOF_UPLOADS_PREFIX).
 */
import { createHash } from 'node:crypto';
import type { ProofContentType } from '../../shared/contracts/respond';
import { PROOF_MAX_BYTES } from '../../shared/contracts/respond';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import { isMissingObject } from '../aws/s3-errors';
import { HttpError, unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';

/** The signatures of the accepted types: PDF '%PDF-', JPEG FF D8 FF, PNG's eight-byte signature. */
const SIGNATURES: readonly { type: ProofContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The type these first bytes begin, or null when none of the three. */
export function proofTypeOf(head: Uint8Array): ProofContentType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.type ?? null;
}

/** What the proof records of the file it keeps. */
export interface CheckedProofFile { content_type: ProofContentType; size: number; sha256: string }

/** The upload to check: its key and the size the tenant declared when asking for the POST (its claim). */
export interface ProofUpload { key: string; declaredSize: number }

const FIELD = 'upload_id';

async function deleteProofFile(key: string): Promise<void> {
  const { DeleteObjectCommand } = await s3Commands();
  await (await s3Client()).send(new DeleteObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
}

/** A refused file is deleted, so nothing but checked proofs is ever kept; the tenant is told why (422). */
async function refuse(key: string, message: string): Promise<never> {
  await deleteProofFile(key);
  throw unprocessable(message, FIELD);
}

/**
 * The upload's bytes once it arrived, at most 10 MB, of the declared size (the POST policy binds it on
 * AWS; an emulator may not enforce POST conditions, and a file read after the size check is measured
 * again) and a PDF, JPEG or PNG.
 */
async function readUpload({ key, declaredSize }: ProofUpload): Promise<{ bytes: Uint8Array; type: ProofContentType }> {
  // One GetObject: its length is known from the answer's headers before any of the body is read, so a
  // file over the limit is refused without reading it (a HEAD first would cost a round trip more).
  const { GetObjectCommand } = await s3Commands();
  let out;
  try {
    out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
  } catch (err) {
    if (isMissingObject(err)) throw unprocessable('Upload the file first.', FIELD);
    throw err;
  }
  const size = out.ContentLength ?? 0;
  const notChosen = 'The file sent is not the one chosen. Choose the file and upload it again.';
  if (size > PROOF_MAX_BYTES || size !== declaredSize) {
    // The body is left unread: dropping the stream frees the connection.
    (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
    return refuse(key, size > PROOF_MAX_BYTES ? 'The file must be at most 10 MB.' : notChosen);
  }
  const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  if (bytes.length !== declaredSize) return refuse(key, notChosen);
  const type = proofTypeOf(bytes);
  if (!type) return refuse(key, 'The file is not a PDF, JPEG or PNG.');
  return { bytes, type };
}

/**
 * Checks the upload and keeps its bytes at `keptKey`, a key no presigned POST names (S3 verifying the
 * SHA-256); what the proof records of the file. A file refused is deleted and told (422).
 */
export async function keepProofCopy(upload: ProofUpload, keptKey: string): Promise<CheckedProofFile> {
  const { bytes, type } = await readUpload(upload);
  const digest = createHash('sha256').update(bytes).digest();
  const { PutObjectCommand } = await s3Commands();
  await (await s3Client()).send(new PutObjectCommand({
    Bucket: bucketName('uploads'), Key: keptKey, Body: bytes, ContentType: type, ChecksumSHA256: digest.toString('base64'),
  }));
  return { content_type: type, size: bytes.length, sha256: digest.toString('hex') };
}

/** A kept copy no proof will name (the answer was refused before its transaction ran) is deleted. */
export async function discardProofCopy(keptKey: string): Promise<void> {
  await deleteProofFile(keptKey).catch((error: unknown) => logger.warn('unused proof copy not deleted', { error, key: keptKey }));
}

/**
 * Runs `record`, the proof's transaction naming the kept copy, giving it what to run once that transaction
 * went through (saveTenant's whenWritten): the upload's deletion, beside whatever follows the transaction.
 * A transaction refused (HttpError before it went through: nothing was written) deletes the copy instead;
 * once written, the copy stays whatever fails after (the proof names it).
 */
export async function recordKeptProof<T>(upload: ProofUpload, keptKey: string, record: (whenWritten: () => Promise<void>) => Promise<T>): Promise<T> {
  let written = false;
  const dropUpload = async () => {
    written = true;
    // An upload left behind expires by the bucket's rule anyway.
    await deleteProofFile(upload.key).catch((error: unknown) => logger.warn('proof upload not deleted (it expires)', { error, key: upload.key }));
  };
  try {
    return await record(dropUpload);
  } catch (err) {
    if (!written && err instanceof HttpError) await deleteProofFile(keptKey);
    throw err;
  }
}
