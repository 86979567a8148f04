/**
 * BatchWriteItem puts in requests of 25 with the retry of unprocessed items DynamoDB asks for under load.
 * Puts of whole items by key: writing the same items again changes nothing, so a retried job may.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './clients';
import { tableName } from './config';

type Item = Record<string, NativeAttributeValue>;

export async function batchPutItems(items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Item } }[]> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt += 1) {
      // DynamoDB hands back items it could not write under load; back off before asking again.
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
}
