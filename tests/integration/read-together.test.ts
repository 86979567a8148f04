/**
 * readTogether (functions/aws/batch-get.ts): several parts of a request read their items in one
 * BatchGetItem against the emulator, each answered from its own keys, with one projection that serves all.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { uniqueName } from './helpers';
import { readTogether } from '../../functions/aws/batch-get';
import type { ItemRead } from '../../functions/aws/batch-get';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';

async function put(pk: string, fields: Record<string, unknown>): Promise<{ pk: string; sk: string }> {
  const key = { pk, sk: 'PROFILE' };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, type: 'read-together-test', ...fields } }));
  return key;
}

/** A read of one item's named attributes (all of them when `attributes` is absent). */
const readOf = (key: { pk: string; sk: string }, attributes?: string[]): ItemRead<Record<string, unknown> | undefined> =>
  ({ keys: [key], ...(attributes ? { attributes } : {}), answer: (found) => found.get(key) });

describe('readTogether', () => {
  it('answers each read from its own keys, in the order given, and undefined for an item that does not exist', async () => {
    const stem = uniqueName('together');
    const a = await put(`${stem}-a`, { label: 'A', size: 1 });
    const b = await put(`${stem}-b`, { label: 'B', size: 2 });
    const missing = { pk: `${stem}-none`, sk: 'PROFILE' };
    const both: ItemRead<string[]> = { keys: [a, b], answer: (found) => [a, b].map((k) => found.get(k)?.label as string) };

    const [first, second, none, labels] = await readTogether(readOf(b), readOf(a), readOf(missing), both);
    expect(first).toMatchObject({ label: 'B', size: 2 });
    expect(second).toMatchObject({ label: 'A', size: 1 });
    expect(none).toBeUndefined();
    expect(labels).toEqual(['A', 'B']);
  });

  it('projects the union of the attributes every read names, reserved words included', async () => {
    const stem = uniqueName('together');
    const a = await put(`${stem}-a`, { label: 'A', size: 1, status: 'kept' });
    const b = await put(`${stem}-b`, { label: 'B', size: 2, status: 'kept' });

    // 'size' and 'status' are DynamoDB reserved words: they go through ExpressionAttributeNames.
    const [onlyLabel, onlySize] = await readTogether(readOf(a, ['label']), readOf(b, ['size', 'status']));
    expect(onlyLabel).toEqual({ pk: a.pk, sk: 'PROFILE', label: 'A', size: 1, status: 'kept' });
    expect(onlySize).toEqual({ pk: b.pk, sk: 'PROFILE', label: 'B', size: 2, status: 'kept' });
    expect(onlyLabel).not.toHaveProperty('type');
  });

  it('reads whole items when one read needs them', async () => {
    const stem = uniqueName('together');
    const a = await put(`${stem}-a`, { label: 'A', size: 1 });
    const [projected, whole] = await readTogether(readOf(a, ['label']), readOf(a));
    expect(whole).toEqual({ pk: a.pk, sk: 'PROFILE', type: 'read-together-test', label: 'A', size: 1 });
    expect(projected).toBe(whole);
  });

  it('asks for a strongly consistent read when one read needs it, and only then (twice the read units)', async () => {
    const stem = uniqueName('together');
    const a = await put(`${stem}-a`, { label: 'A' });
    const asked: unknown[] = [];
    const recorder = 'readTogetherInputRecorder';
    dynamo().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'BatchGetItemCommand') asked.push(Object.values((args.input as { RequestItems: Record<string, { ConsistentRead?: boolean }> }).RequestItems)[0]?.ConsistentRead);
      return next(args);
    }, { step: 'initialize', name: recorder });
    try {
      const [item] = await readTogether(readOf(a, ['label']), { keys: [a], consistent: true, answer: () => null });
      expect(item).toMatchObject({ label: 'A' });
      await readTogether(readOf(a, ['label']));
    } finally {
      dynamo().middlewareStack.remove(recorder);
    }
    expect(asked).toEqual([true, undefined]);
  });

  it('lets an answer refuse the request: the error is the caller\'s', async () => {
    const stem = uniqueName('together');
    const a = await put(`${stem}-a`, { archiving: { archive_id: 'x' } });
    const refusing: ItemRead<void> = { keys: [a], attributes: ['archiving'], answer: (found) => { if (found.get(a)?.archiving) throw new Error('locked'); } };
    await expect(readTogether(readOf(a, ['label']), refusing)).rejects.toThrow('locked');
  });
});
