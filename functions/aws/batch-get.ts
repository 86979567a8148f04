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

/** Chunks asked for at once: a 200-key page costs one round trip, a 10,000-key export does not flood the table. */
const CHUNKS_IN_FLIGHT = 4;

export async function batchGetItems(keys: readonly ItemKey[], projection?: string): Promise<Item[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  const found: Item[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, chunks.length) }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, { Keys: Item[]; ProjectionExpression?: string }> | undefined = {
        [tableName()]: { Keys: chunk, ...(projection ? { ProjectionExpression: projection } : {}) },
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
        // DynamoDB hands back keys it could not read under load; back off before asking again.
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
        const out = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
        found.push(...(out.Responses?.[tableName()] ?? []));
        request = out.UnprocessedKeys as typeof request;
      }
    }
  }));
  return found;
}
