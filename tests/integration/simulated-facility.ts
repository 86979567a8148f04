/**
 * The program's facility with a number the SiteLink and StorEdge simulators treat specially (trigger
 * numbers, numbers outside the demo seed), as the facility store keeps it: the number's claim
 * (FACILITYNUM#{number} / CLAIM -> facility_id) and the profile (FACILITY#{id} / PROFILE with its
 * software). Always the same id for a number, so every test file may set it up, in any order; a claim
 * someone else made is never overwritten.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';

export async function simulatedFacility(facilityNumber: string, software: string): Promise<string> {
  const id = `external-test-${facilityNumber}`;
  const claimKey = { pk: `FACILITYNUM#${facilityNumber.toLowerCase()}`, sk: 'CLAIM' };
  const existing = await dynamo().send(new GetCommand({ TableName: tableName(), Key: claimKey }));
  if (existing.Item && existing.Item.facility_id !== id) throw new Error(`facility number ${facilityNumber} already belongs to ${existing.Item.facility_id}`);
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...claimKey, type: 'facility_number_claim', facility_id: id, facility_number: facilityNumber } }));
  await dynamo().send(new PutCommand({
    TableName: tableName(),
    Item: {
      pk: `FACILITY#${id}`, sk: 'PROFILE', type: 'facility', id, facility_number: facilityNumber, account_name: `External test ${facilityNumber}`,
      address: '1 Test Road', city: 'Testville', state: 'TX', zip_code: '75001', phone: '2145550100', email: `f${facilityNumber}@test.example`,
      software, manager_user_id: null,
    },
  }));
  return id;
}
