/**
 * Every tenant of the table, a page at a time, for the one-off migrations (access-code-migration.ts,
 * name-key-migration.ts): a paginated Scan filtered to tenant items. An ops script over the whole table,
 * never a request path. After each page the caller hears where the next one starts as one printable word
 * (null: the table was read to its end), which a later run passes back as `from` to resume there.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { HttpError } from '../runtime/http-error';

type Item = Record<string, NativeAttributeValue>;

/** Items read by one Scan call (of every type; the filter keeps the tenants). */
const SCAN_PAGE = 1000;

const encodeCursor = (key: Item): string => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string): Item {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && typeof (key as { pk?: unknown }).pk === 'string' && typeof (key as { sk?: unknown }).sk === 'string') {
      return key as Item;
    }
  } catch {
    // Refused below with the same message as any other word that is no cursor.
  }
  throw new HttpError(422, `'${cursor}' is not a cursor this migration printed.`);
}

export async function scanTenantPages(
  options: { from?: string | null; scanPage?: number; attributes?: readonly string[] },
  onPage: (items: Item[], cursor: string | null) => Promise<void>,
): Promise<void> {
  const projection = options.attributes
    ? { ProjectionExpression: options.attributes.map((a) => `#${a}`).join(', '), names: Object.fromEntries(options.attributes.map((a) => [`#${a}`, a])) }
    : undefined;
  let start = options.from ? decodeCursor(options.from) : undefined;
  do {
    const out = await dynamo().send(new ScanCommand({
      TableName: tableName(), Limit: options.scanPage ?? SCAN_PAGE, ExclusiveStartKey: start, ConsistentRead: true,
      FilterExpression: '#type = :tenant', ExpressionAttributeValues: { ':tenant': 'tenant' },
      ExpressionAttributeNames: { '#type': 'type', ...projection?.names },
      ...(projection ? { ProjectionExpression: projection.ProjectionExpression } : {}),
    }));
    start = out.LastEvaluatedKey;
    await onPage(out.Items ?? [], start ? encodeCursor(start) : null);
  } while (start);
}
