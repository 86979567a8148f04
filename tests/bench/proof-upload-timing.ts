/**
 * Issue 27 at the program's scale: the portal's proof upload answers as fast as the portal's other answers
 * (the reading of the page is not on its path). Tenants of the fixture's big cycle, other than those
 * measureRespond answered with, each sign in (untimed) and send a declarations page as the portal does:
 * POST /api/respond/proof-upload (timed: the presigned POST), the file to S3 (timed apart: S3's, not
 * ours), POST /api/respond/proof (timed: the answer). Then, before the next tenant, the proof is waited
 * for until the proof-reading worker (the runtime's poller, in this process) has stored its reading:
 * the time from the answer to the reading says how far behind the request the reading runs.
 */
import { getProof } from '../../functions/proofs/proof-review-store';
import { getTenant } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';
import { renters } from '../fixtures/declarations/chosen-facts';
import { renderPdf } from '../fixtures/declarations/render-pdf';
import type { Send } from './http-client';
import { answerableTenants } from './respond-timing';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface ProofUploadSamples<R> {
  presign: number[];
  presignOps: R[][];
  submit: number[];
  submitOps: R[][];
  /** The file's POST to S3 (LocalStack), per tenant. */
  s3: Summary;
  /** From each answer to the reading stored on the proof. */
  readAfter: Summary;
  note: string;
}

const MAKER = { title: 'Declarations', creator: 'Guidewire PolicyCenter 10.2', producer: 'iText 7.2.5', made: new Date('2026-02-10T15:04:05Z') };
const json = (token?: string): Record<string, string> => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const READ_GIVE_UP_MS = 60_000;

function ok<T>(what: string, reply: { status: number; body: string }): T {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
  return JSON.parse(reply.body) as T;
}

/** Waits for the proof-reading worker to store the reading of the tenant's waiting proof: ms from `answeredAt` to its read_at. */
async function readingDelay(tenantId: string, answeredAt: number): Promise<number> {
  const proofId = (await getTenant(tenantId))?.waiting_proof_id;
  if (!proofId) throw new Error(`tenant ${tenantId} has no waiting proof after its answer`);
  const deadline = Date.now() + READ_GIVE_UP_MS;
  for (;;) {
    const proof = await getProof(proofId);
    if (proof?.reading) return Date.parse(proof.reading.read_at) - answeredAt;
    if (Date.now() > deadline) throw new Error(`proof ${proofId} was not read within ${READ_GIVE_UP_MS / 1000} s of its answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `n` uploads after 2 warm-ups, by tenants `skip` on of the cycle's answerable tenants. */
export async function measureProofUpload<R>(
  cycle: { id: string; tenants: number }, send: Send, take: () => R[], n: number, skip: number, holdReading: () => () => void,
): Promise<ProofUploadSamples<R>> {
  const warm = 2;
  const tenants = (await answerableTenants(cycle.id, cycle.tenants, skip + n + warm)).slice(skip);
  const presign: number[] = [];
  const presignOps: R[][] = [];
  const submit: number[] = [];
  const submitOps: R[][] = [];
  const s3: number[] = [];
  const readAfter: number[] = [];
  const endsOn = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, t] of tenants.entries()) {
    const name = `${t.first_name} ${t.last_name ?? ''}`.trim();
    const page = await renderPdf(renters({ insured: name, policy: `RP-${t.ledger_id}-${i}`, end: endsOn }).pages, MAKER);
    const { token } = ok<{ token: string }>(`sign-in of ${t.id}`, await send({
      method: 'POST', path: '/api/respond/sign-in', headers: json(), body: JSON.stringify({ access_code: formatAccessCode(t.access_code), zip_code: t.zip_code.slice(0, 5) }),
    }));
    take();
    const asked = await send({ method: 'POST', path: '/api/respond/proof-upload', headers: json(token), body: JSON.stringify({ content_type: 'application/pdf', size: page.length }) });
    const askedOps = take();
    const { upload_id: uploadId, url, fields } = ok<{ upload_id: string; url: string; fields: Record<string, string> }>('POST /api/respond/proof-upload', asked);
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(page)]), 'declarations.pdf');
    const s3Started = performance.now();
    const stored = await fetch(url, { method: 'POST', body: form });
    const s3Ms = performance.now() - s3Started;
    if (stored.status >= 300) throw new Error(`the presigned POST of ${t.id} answered ${stored.status}: ${(await stored.text()).slice(0, 200)}`);
    take();
    // The proof-reading worker runs in this process (deployed, a Lambda of its own), and S3's notice of the
    // kept copy reaches it while the answer is still writing: held until the answer returns, its page read
    // would otherwise share this event loop with the answer and be timed as the answer's (2026-12-06:
    // p50 197 ms at 1.5 million, the reading stored before the answer returned).
    const releaseReading = holdReading();
    let answered: Awaited<ReturnType<Send>>;
    try {
      answered = await send({ method: 'POST', path: '/api/respond/proof', headers: json(token), body: JSON.stringify({ upload_id: uploadId, insurer: 'State Farm', policy_expiry_date: endsOn }) });
    } finally {
      releaseReading();
    }
    const answeredAt = Date.now();
    const answeredOps = take();
    ok('POST /api/respond/proof', answered);
    // The reading, before the next tenant, so a page read while the next answer is timed is not counted in it.
    const delay = await readingDelay(t.id, answeredAt);
    if (i < warm) continue;
    readAfter.push(delay);
    presign.push(asked.ms);
    presignOps.push(askedOps);
    submit.push(answered.ms);
    submitOps.push(answeredOps);
    s3.push(s3Ms);
  }
  take();
  return {
    presign, presignOps, submit, submitOps, s3: summarize(s3), readAfter: summarize(readAfter),
    note: `${n} tenants of cycle ${cycle.id} after ${warm} warm-ups (others than those who chose a plan), each signed in (untimed) and sending a `
      + `one-page declarations PDF (State Farm's layout, with its text layer): the presigned POST asked, the file POSTed to S3 (p50 ${summarize(s3).p50.toFixed(0)} ms, LocalStack's, not timed as ours), `
      + 'then the answer; the proof-reading worker (the runtime\'s poller, in the bench\'s process; deployed, a Lambda of its own) was held '
      + `while the answer ran, so its page read is not timed as the answer's, and stored each page's reading ${Math.round(summarize(readAfter).p50)} ms `
      + `(median) from the answer's return (at most ${Math.round(summarize(readAfter).max)} ms)`,
  };
}
