/**
 * App status: the server version (set at deploy) and a scheduled maintenance date kept in the table
 * (CONFIG / APP_STATUS), so ops can announce maintenance without a deploy (npm run maintenance).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppStatus } from '../../shared/contracts/app';
import { dynamo } from '../aws/clients';
import { appVersion, tableName } from '../aws/config';

const key = { pk: 'CONFIG', sk: 'APP_STATUS' };

export async function readAppStatus(): Promise<AppStatus> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }));
  return { version: appVersion(), scheduled_maintenance_date: (out.Item?.scheduled_maintenance_date as string | undefined) ?? null };
}

/** ISO date-time of the planned maintenance, or null to clear it. */
export async function setScheduledMaintenance(date: string | null): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, scheduled_maintenance_date: date } }));
}
