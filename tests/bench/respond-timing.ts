/**
 * Issue 18 at the program's scale: a tenant's sign-in on the response portal and its answer, over HTTP
 * through the local runtime, as a phone would send them. Sign-in finds the tenant by its access code's
 * claim item (one GetItem) and the tenant by key, whatever the number of tenants; the answer writes the
 * tenant, its history and counters in one transaction.
 *
 * The tenants are those of the fixture's big cycle (fixed ids `{cycle}-t{n}` of the scale seed), each
 * signed in once with the code and ZIP code its record holds. Before timing (untimed): the cycle's
 * response deadline is moved a month ahead, so the portal takes answers, and the tenants are made to
 * have no answer yet.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { cycleKey } from '../../functions/cycles/cycle-store';
import { getTenants, saveTenants } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';
import type { Send } from './http-client';

const BENCH_ACTOR = { actor: { user_id: 'bench', username: 'bench' }, action: 'bench_prepare' };

const jsonHeaders = (token?: string): Record<string, string> => ({
  'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export interface RespondSamples<R> {
  signIn: number[];
  answer: number[];
  /** The DynamoDB commands of each measured call, as the caller's recorder took them. */
  signInOps: R[][];
  answerOps: R[][];
  note: string;
}

/** A date `days` after today, yyyy-MM-dd (UTC). */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The big cycle's tenants that can answer: not moved out, not set up; their answers cleared (untimed). */
export async function answerableTenants(cycleId: string, cycleTenants: number, wanted: number): Promise<TenantRecord[]> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: cycleKey(cycleId),
    UpdateExpression: 'SET update_responses_deadline_date = :d', ExpressionAttributeValues: { ':d': dayAfter(30) },
  }));
  const ids = Array.from({ length: cycleTenants }, (_, i) => `${cycleId}-t${i + 1}`);
  const canAnswer = (t: TenantRecord) => Boolean(t.access_code && t.zip_code) && t.status !== 'moved_out' && !t.move_out_date && !t.setup_insurance_date;
  // Read 100 at a time until enough can answer (the bench's earlier writes set up or moved some).
  let usable: TenantRecord[] = [];
  for (let i = 0; i < ids.length && usable.length < wanted; i += 100) usable.push(...(await getTenants(ids.slice(i, i + 100))).filter(canAnswer));
  usable = usable.slice(0, wanted);
  if (usable.length < wanted) throw new Error(`cycle ${cycleId} holds only ${usable.length} tenants that can answer (${wanted} wanted)`);
  const answered = usable.filter((t) => t.status !== null || t.provided_proof_date || t.opt_out_date);
  if (answered.length) {
    await saveTenants(answered.map((t) => ({
      current: t,
      changes: { status: null, coverage_id: null, provided_proof_date: null, opt_out_date: null, bad_address_date: null, tenant_made_selection: false, insurance_effective_date: null },
    })), BENCH_ACTOR);
  }
  return getTenants(usable.map((t) => t.id));
}

/**
 * `n` sign-ins (after 3 warm-ups), each a different tenant, then `n` answers (after 3 warm-ups): each
 * signed-in tenant chooses a coverage plan, the next tenant the other plan, so every answer changes a tenant.
 */
export async function measureRespond<R>(
  cycle: { id: string; tenants: number }, send: Send, take: () => R[], n: number,
): Promise<RespondSamples<R>> {
  const warm = 3;
  const tenants = await answerableTenants(cycle.id, cycle.tenants, n + warm);
  const signIn: number[] = [];
  const signInOps: R[][] = [];
  const tokens: string[] = [];
  for (const [i, t] of tenants.entries()) {
    take();
    // As a person types it from the letter: grouped, the ZIP as printed.
    const reply = await send({
      method: 'POST', path: '/api/respond/sign-in', headers: jsonHeaders(),
      body: JSON.stringify({ access_code: formatAccessCode(t.access_code), zip_code: t.zip_code.slice(0, 5) }),
    });
    const ops = take();
    if (reply.status !== 200) throw new Error(`sign-in of ${t.id} answers ${reply.status}: ${reply.body.slice(0, 200)}`);
    tokens.push((JSON.parse(reply.body) as { token: string }).token);
    if (i < warm) continue;
    signIn.push(reply.ms);
    signInOps.push(ops);
  }

  const first = await send({ method: 'GET', path: '/api/respond/letter', headers: jsonHeaders(tokens[0]) });
  if (first.status !== 200) throw new Error(`GET /api/respond/letter answers ${first.status}: ${first.body.slice(0, 200)}`);
  const view = JSON.parse(first.body) as { coverages: { id: string }[]; closed: string | null };
  if (view.closed) throw new Error(`the portal is closed for ${tenants[0]!.id}: ${view.closed}`);
  if (view.coverages.length === 0) throw new Error(`the facility of cycle ${cycle.id} offers no coverage option`);
  const answer: number[] = [];
  const answerOps: R[][] = [];
  for (const [i, token] of tokens.entries()) {
    const coverage = view.coverages[i % view.coverages.length]!.id;
    take();
    const reply = await send({ method: 'POST', path: '/api/respond/coverage', headers: jsonHeaders(token), body: JSON.stringify({ coverage_id: coverage }) });
    const ops = take();
    if (reply.status !== 200) throw new Error(`answer of ${tenants[i]!.id} answers ${reply.status}: ${reply.body.slice(0, 200)}`);
    if (i < warm) continue;
    answer.push(reply.ms);
    answerOps.push(ops);
  }
  return {
    signIn, answer, signInOps, answerOps,
    note: `${n} tenants of cycle ${cycle.id} after ${warm} warm-ups, each signed in once with its access code (grouped, as printed) and ZIP code, then `
      + `each choosing a coverage plan (POST /api/respond/coverage, no e-mail); beforehand, untimed, the cycle's response deadline was moved a month ahead and the tenants' answers cleared`,
  };
}
