/**
 * A proof file the tenant's browser sent to the uploads bucket (presigned POST): what it really is,
 * told by its first bytes, never by its name or the type the browser declared (issue 18: "type checked
 * by content"). A file that is none of the three is deleted at once, so nothing else is ever stored.
 */
import type { ProofContentType } from '../../shared/contracts/respond';
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';

/** The signatures of the accepted types: PDF '%PDF-', JPEG FF D8 FF, PNG's eight-byte signature. */
const SIGNATURES: readonly { type: ProofContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];
const LONGEST = Math.max(...SIGNATURES.map((s) => s.bytes.length));

/** The type these first bytes begin, or null when none of the three. */
export function proofTypeOf(head: Uint8Array): ProofContentType | null {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.type ?? null;
}

/** The file's first bytes (one ranged GET: the file itself may be 10 MB). */
export async function firstBytes(key: string): Promise<Uint8Array> {
  const { GetObjectCommand } = await s3Commands();
  const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key, Range: `bytes=0-${LONGEST - 1}` }));
  return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
}

export async function deleteProofFile(key: string): Promise<void> {
  const { DeleteObjectCommand } = await s3Commands();
  await (await s3Client()).send(new DeleteObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
}
