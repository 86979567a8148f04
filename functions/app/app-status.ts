/**
 * App status: the server version (set at deploy) and a scheduled maintenance date kept in the table
 * (CONFIG / APP_STATUS), so ops can announce maintenance without a deploy (npm run maintenance); and
 * the program office's contact from Program Settings, which the Need Help dialog shows before login.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AppStatus } from '../../shared/contracts/app';
import { dynamo } from '../aws/clients';
import { appVersion, tableName } from '../aws/config';
import { readProgramSettings } from '../program/program-settings';

const key = { pk: 'CONFIG', sk: 'APP_STATUS' };

export async function readAppStatus(): Promise<AppStatus> {
  const [out, program] = await Promise.all([dynamo().send(new GetCommand({ TableName: tableName(), Key: key })), readProgramSettings()]);
  const { program_name: name, phone, email } = program.settings;
  return {
    version: appVersion(),
    scheduled_maintenance_date: (out.Item?.scheduled_maintenance_date as string | undefined) ?? null,
    program_contact: name && phone && email ? { name, phone, email } : null,
  };
}

/** ISO date-time of the planned maintenance, or null to clear it. */
export async function setScheduledMaintenance(date: string | null): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, scheduled_maintenance_date: date } }));
}
