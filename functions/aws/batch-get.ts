/**
 * BatchGetItem in chunks of 100 with the retry of unprocessed keys DynamoDB asks for under load.
 * Answers the items found, in no particular order.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { tableName } from './config';

export type ItemKey = { pk: string; sk: string };
type Item = Record<string, NativeAttributeValue>;

export async function batchGetItems(keys: readonly ItemKey[], projection?: string): Promise<Item[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Item[]; ProjectionExpression?: string }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100), ...(projection ? { ProjectionExpression: projection } : {}) },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
      // DynamoDB hands back keys it could not read under load; back off before asking again.
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
