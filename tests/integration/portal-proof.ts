/** What a tenant does on the portal to send proof, through the real path: sign in, presigned POST to S3, submit. */
import { expect } from 'vitest';
import { call } from './helpers';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';

export interface PortalProof {
  bytes: Uint8Array;
  type: 'application/pdf' | 'image/jpeg' | 'image/png';
  /** What the tenant types beside the file. */
  insurer: string;
  policy_expiry_date: string;
}

export async function sendProofOnPortal(t: TenantRecord, proof: PortalProof): Promise<void> {
  const signIn = await call('POST', '/api/respond/sign-in', { json: { access_code: formatAccessCode(t.access_code), zip_code: t.zip_code } });
  expect(signIn.status, signIn.text).toBe(200);
  const token = (signIn.body as { token: string }).token;
  const asked = await call('POST', '/api/respond/proof-upload', { token, json: { content_type: proof.type, size: proof.bytes.length } });
  expect(asked.status, asked.text).toBe(200);
  const { upload_id: uploadId, url, fields } = asked.body as { upload_id: string; url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(proof.bytes)]), 'declarations');
  const sent = await fetch(url, { method: 'POST', body: form });
  expect(sent.status, await sent.text()).toBeLessThan(300);
  const submitted = await call('POST', '/api/respond/proof', { token, json: { upload_id: uploadId, insurer: proof.insurer, policy_expiry_date: proof.policy_expiry_date } });
  expect(submitted.status, submitted.text).toBe(200);
}
