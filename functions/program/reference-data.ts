/**
 * Insurance programs and per-state coverage options in the app table:
 *   REFERENCE / PROGRAM#{key}        key, label, opt_out ({ states, wording } or absent: nobody opts out)
 *   REFERENCE / COVERAGES#{state}    options: list of { coverage, premium }
 * One partition, read with one Query (programs) or one GetItem (a state's options).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CoverageOption } from '../../shared/contracts/program';
import { DEFAULT_INSURANCE_PROGRAMS, DEFAULT_OPT_OUT, DEFAULT_STATE_COVERAGES } from '../../shared/reference-data';
import type { OptOutSetting } from '../../shared/reference-data';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';

const PK = 'REFERENCE';

export interface InsuranceProgram {
  key: string;
  label: string;
}

export async function listInsurancePrograms(): Promise<InsuranceProgram[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :program)',
    ExpressionAttributeValues: { ':pk': PK, ':program': 'PROGRAM#' },
  }));
  return (out.Items ?? []).map((item) => ({ key: item.key as string, label: item.label as string })).sort((a, b) => a.label.localeCompare(b.label));
}

export async function getInsuranceProgram(key: string): Promise<InsuranceProgram | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: PK, sk: `PROGRAM#${key}` } }));
  return out.Item ? { key: out.Item.key as string, label: out.Item.label as string } : null;
}

const optOutOf = (item: Record<string, unknown> | undefined): OptOutSetting | null => {
  const setting = item?.opt_out as OptOutSetting | undefined;
  return setting && Array.isArray(setting.states) && typeof setting.wording === 'string' ? setting : null;
};

/**
 * Where each program lets tenants opt out on the portal, and its wording (null: nowhere), by program
 * key: one Query of the handful of programs, as listInsurancePrograms reads them. A request that learns
 * its program only from a record it is still reading asks for all of them beside it instead of waiting
 * to ask for one (the portal's context).
 */
export async function optOutSettings(): Promise<ReadonlyMap<string, OptOutSetting | null>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :program)',
    ExpressionAttributeValues: { ':pk': PK, ':program': 'PROGRAM#' },
    ProjectionExpression: '#key, opt_out',
    ExpressionAttributeNames: { '#key': 'key' },
  }));
  return new Map((out.Items ?? []).map((item) => [item.key as string, optOutOf(item)]));
}

export async function getStateCoverages(state: string): Promise<CoverageOption[]> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: PK, sk: `COVERAGES#${state}` } }));
  return (out.Item?.options as CoverageOption[] | undefined) ?? [];
}

async function putIfMissing(item: Record<string, unknown>): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
  }
}

/** Writes the default programs and state coverages that are missing; never overwrites staff changes. */
export async function loadReferenceData(): Promise<void> {
  for (const program of DEFAULT_INSURANCE_PROGRAMS) {
    await putIfMissing({ pk: PK, sk: `PROGRAM#${program.key}`, type: 'insurance-program', ...program });
    // A program item written before the portal gains its opt-out setting; one set since is kept.
    const optOut = DEFAULT_OPT_OUT[program.key];
    if (optOut) {
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: { pk: PK, sk: `PROGRAM#${program.key}` },
        UpdateExpression: 'SET opt_out = if_not_exists(opt_out, :o)', ExpressionAttributeValues: { ':o': optOut },
      }));
    }
  }
  for (const [state, options] of Object.entries(DEFAULT_STATE_COVERAGES)) {
    await putIfMissing({ pk: PK, sk: `COVERAGES#${state}`, type: 'state-coverages', state, options });
  }
}
