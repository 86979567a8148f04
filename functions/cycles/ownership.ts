/**
 * Ownership of cycles: a cycle id names the facility that owns it (functions/runtime/ownership.ts).
 * Registered at the init of every group with a route scoped to a cycle (cycles, managers, exports).
 * The key is spelled here (as in cycle-store.ts) so the groups that only check ownership stay small.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { registerOwnershipResolver } from '../runtime/ownership';

/** The facility id of the cycle, or null when there is no such cycle (one GetItem of one attribute). */
export async function facilityOfCycle(id: string): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({
    TableName: tableName(), Key: { pk: `CYCLE#${id}`, sk: 'PROFILE' }, ProjectionExpression: 'facility_id', ConsistentRead: true,
  }));
  return (out.Item?.facility_id as string | undefined) ?? null;
}

export function registerCycleOwnership(): void {
  registerOwnershipResolver('cycle', facilityOfCycle);
}
