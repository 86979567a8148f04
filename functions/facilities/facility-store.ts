/**
 * Facility records (FACILITY#{id} / PROFILE). The platform needs only what ownership checks and the
 * user detail row read; the facilities capability adds the rest of the entity and its indexes.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';

export interface FacilityRecord {
  id: string;
  facility_number: string;
  account_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  email: string;
  software: string;
  /** The manager account that owns the facility. */
  manager_user_id: string | null;
}

const facilityKey = (id: string) => ({ pk: `FACILITY#${id}`, sk: 'PROFILE' });

export async function getFacility(id: string): Promise<FacilityRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: facilityKey(id) }));
  return (out.Item as FacilityRecord | undefined) ?? null;
}

export async function putFacility(facility: FacilityRecord): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...facilityKey(facility.id), type: 'facility', ...facility } }));
}
