/**
 * Ownership of tenants: a tenant id names the facility that owns it (functions/runtime/ownership.ts).
 * Registered at the init of every group with a route scoped to a tenant (managers).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { registerOwnershipResolver } from '../runtime/ownership';

/** The facility id of the tenant (TENANT#{id} / PROFILE), or null when there is no such tenant. */
export async function facilityOfTenant(id: string): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({
    TableName: tableName(), Key: { pk: `TENANT#${id}`, sk: 'PROFILE' }, ProjectionExpression: 'facility_id', ConsistentRead: true,
  }));
  return (out.Item?.facility_id as string | undefined) ?? null;
}

export function registerTenantOwnership(): void {
  registerOwnershipResolver('tenant', facilityOfTenant);
}
