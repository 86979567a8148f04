/**
 * Read-only API groups may write only what authenticating a request writes (SESSION_UPKEEP). This runs
 * the real authenticate() and checks every DynamoDB write it makes against that grant, so a change to
 * what authentication writes fails here instead of as AccessDenied after a deploy. The table calls are
 * answered by a middleware on the real SDK client; nothing reaches AWS or the emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_UPKEEP } from '../../shared/grants';
import { APP_TABLE, ENV } from '../../shared/resources';
import { ROUTES } from '../../shared/routes';
import type { RouteDef } from '../../shared/routes';

interface Call { command: string; input: Record<string, unknown> & { Key?: Record<string, string> } }
const calls: Call[] = [];
const now = Date.now();

/** The item a GetItem finds: a live session about to need sliding, and a user idle for an hour. */
function itemFor(pk: string): Record<string, unknown> | undefined {
  if (pk.startsWith('SESSION#')) {
    // Signed in an hour ago: inside its absolute lifetime, about to slide.
    return { pk, sk: 'SESSION', user_id: 'u1', expires_at: now + 1000, created_at: now - 3_600_000, ends_at: now + 23 * 3_600_000 };
  }
  if (pk.startsWith('USER#')) {
    return { pk, sk: 'PROFILE', id: 'u1', username: 'monitor', is_admin: false, is_monitor: true, facility_id: null, last_active_at: new Date(now - 3_600_000).toISOString() };
  }
  return undefined;
}

let authenticate: (headers: Record<string, string>, route: RouteDef) => Promise<unknown>;

beforeAll(async () => {
  Object.assign(process.env, { [ENV.table]: 'upkeep-check', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  const { dynamo } = await import('../../functions/aws/clients');
  dynamo().middlewareStack.add(
    (_next, context) => async (args) => {
      const input = (args as { input: Call['input'] }).input;
      calls.push({ command: String(context.commandName), input });
      const output = context.commandName === 'GetItemCommand' ? { Item: itemFor(input.Key!.pk!) } : {};
      return { output: output as never, response: {} };
    },
    { step: 'initialize', priority: 'high', name: 'answerTableCalls' },
  );
  ({ authenticate } = await import('../../functions/runtime/authenticate') as unknown as { authenticate: typeof authenticate });
});

/** Attribute names an update touches: key, update and condition expressions (placeholders resolved). */
function attributesOf(input: Call['input']): string[] {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const keywords = new Set(['SET', 'REMOVE', 'ADD', 'DELETE', 'AND', 'OR', 'NOT', 'attribute_exists', 'attribute_not_exists', 'if_not_exists', 'size']);
  const expressions = [input.UpdateExpression, input.ConditionExpression].filter(Boolean).join(' ');
  const plain = expressions.replace(/[:#][A-Za-z0-9_]+/g, ' ').match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  const placeholders = (expressions.match(/#[A-Za-z0-9_]+/g) ?? []).map((p) => names[p]!);
  return [...new Set([...Object.keys(input.Key ?? {}), ...plain.filter((w) => !keywords.has(w)), ...placeholders])];
}

describe('authenticating a request', () => {
  const sessionRoute = (ROUTES as readonly RouteDef[]).find((r) => r.access === 'session')!;

  it('writes only SESSION_UPKEEP items and attributes', async () => {
    await authenticate({ authorization: 'Bearer some-token' }, sessionRoute);
    const writes = calls.filter((c) => c.command !== 'GetItemCommand');
    expect(writes.length).toBeGreaterThan(0);
    for (const { command, input } of writes) {
      expect(command, `only UpdateItem is granted: ${JSON.stringify(input)}`).toBe('UpdateItemCommand');
      expect(['NONE', 'UPDATED_OLD', 'UPDATED_NEW', undefined]).toContain(input.ReturnValues);
      const upkeep = SESSION_UPKEEP.find((u) => input.Key!.pk!.startsWith(u.keyPrefix));
      expect(upkeep, `no SESSION_UPKEEP entry for key ${input.Key!.pk}`).toBeDefined();
      const allowed: string[] = [APP_TABLE.partitionKey, APP_TABLE.sortKey, ...upkeep!.attributes];
      for (const attribute of attributesOf(input)) expect(allowed, `attribute ${attribute} of ${input.Key!.pk}`).toContain(attribute);
    }
  });

  it('is what every SESSION_UPKEEP entry is for (no stale grant)', () => {
    const written = calls.filter((c) => c.command === 'UpdateItemCommand').map((c) => c.input.Key!.pk!);
    for (const { keyPrefix } of SESSION_UPKEEP) expect(written.some((pk) => pk.startsWith(keyPrefix)), keyPrefix).toBe(true);
  });
});
