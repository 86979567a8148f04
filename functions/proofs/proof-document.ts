/**
 * The short-lived link staff open a proof document with (issue 18, "Security"): a presigned GET of the
 * private uploads bucket that makes S3 answer with the type the portal found by reading the file's
 * bytes (PDF, JPEG or PNG: never HTML or script, whatever the tenant named it or the browser said) and
 * `inline`, so the browser shows it in its own viewer in a new tab, under a name made only of safe
 * characters. The presigner is loaded on first use, like the S3 client (functions/aws/clients.ts).
 */
import { s3Client, s3Commands } from '../aws/clients';
import { bucketName } from '../aws/config';
import type { ProofContentType } from '../../shared/contracts/respond';
import { PROOF_UPLOADS_PREFIX } from '../../shared/resources';
import { PROOFS_PREFIX } from './proof-record';
import type { ProofRecord } from './proof-record';

/** Long enough to open and read it again in the tab; too short to pass the link around. */
export const PROOF_LINK_SECONDS = 5 * 60;

const EXTENSIONS: Record<ProofContentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** 'proof-1001-A12-Doe.pdf': the facility, unit and name, letters, digits and dashes only. */
export function proofFileName(proof: Pick<ProofRecord, 'facility_number' | 'unit' | 'last_name' | 'first_name' | 'content_type'>): string {
  const safe = (s: string) => s.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  const parts = ['proof', proof.facility_number, proof.unit, proof.last_name || proof.first_name].map((p) => safe(p ?? '')).filter(Boolean);
  return `${parts.join('-')}.${EXTENSIONS[proof.content_type]}`;
}

/**
 * A key staff's link may sign: a proof file (proofs/), never an upload's key, which a presigned POST may
 * still write to. Proofs submitted since checked copies were kept name theirs (proofs/checked/); older
 * ones name their upload's first key (proofs/{tenant}/{upload}), which no POST has named since.
 */
export const viewableProofKey = (key: string): boolean => key.startsWith(PROOFS_PREFIX) && !key.startsWith(PROOF_UPLOADS_PREFIX);

export async function proofDocumentLink(proof: ProofRecord): Promise<{ url: string; content_type: ProofContentType }> {
  // A record naming any other key is never signed.
  if (!viewableProofKey(proof.file_key)) throw new Error(`proof ${proof.id} names a file that is not a kept proof: ${proof.file_key}`);
  const [{ GetObjectCommand }, { getSignedUrl }, client] = await Promise.all([s3Commands(), import('@aws-sdk/s3-request-presigner'), s3Client()]);
  const command = new GetObjectCommand({
    Bucket: bucketName('uploads'),
    Key: proof.file_key,
    ResponseContentType: proof.content_type,
    ResponseContentDisposition: `inline; filename="${proofFileName(proof)}"`,
  });
  return { url: await getSignedUrl(client, command, { expiresIn: PROOF_LINK_SECONDS }), content_type: proof.content_type };
}
