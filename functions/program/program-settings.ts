/**
 * The program's identity and time zone (docs/decisions.md "Program Settings: the program's identity"):
 *   CONFIG / PROGRAM_SETTINGS                       the settings, with a version for conditional saves
 *   CONFIG / PROGRAM_SETTINGS#HISTORY#{ISO}#{rand}  one entry per save: who, when, each field from -> to
 * A save writes both in one transaction, so no change is off the record.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ProgramSettingsChange, ProgramSettingsFields, ProgramSettingsValues, ProgramSettingsView, ProgramSettingKey } from '../../shared/contracts/program-settings';
import { OPTIONAL_PROGRAM_SETTINGS, PROGRAM_SETTING_LABELS } from '../../shared/contracts/program-settings';
import { calendarDateIn } from '../../shared/format';
import type { ItemRead } from '../aws/batch-get';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { conflict } from '../runtime/http-error';
import type { Actor } from '../tenants/tenant-history';
import { isTransactionCanceled } from '../aws/dynamo-errors';

const PK = 'CONFIG';
const SK = 'PROGRAM_SETTINGS';
const HISTORY = `${SK}#HISTORY#`;
const KEYS = Object.keys(PROGRAM_SETTING_LABELS) as ProgramSettingKey[];

/** The labels of the required settings that are still empty. */
export const missingSettings = (values: ProgramSettingsValues): string[] =>
  KEYS.filter((k) => !OPTIONAL_PROGRAM_SETTINGS.includes(k) && values[k].trim() === '').map((k) => PROGRAM_SETTING_LABELS[k]);

const SETTINGS_KEY = { pk: PK, sk: SK };

export async function readProgramSettings(): Promise<ProgramSettingsView> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: SETTINGS_KEY, ConsistentRead: true }));
  return settingsOf(out.Item);
}

/** readProgramSettings as a read to go with others (readTogether). */
export function programSettingsRead(): ItemRead<ProgramSettingsView> {
  return { keys: [SETTINGS_KEY], consistent: true, answer: (found) => settingsOf(found.get(SETTINGS_KEY)) };
}

/** programToday as a read to go with others (readTogether). */
export function programTodayRead(): ItemRead<string> {
  const settings = programSettingsRead();
  return { ...settings, answer: (found) => todayIn(settings.answer(found)) };
}

/** Today (YYYY-MM-DD) in the time zone these settings name. */
export const todayIn = (view: ProgramSettingsView): string => calendarDateIn(timeZoneOf(view));

function settingsOf(stored: Record<string, unknown> | undefined): ProgramSettingsView {
  const item = stored ?? {};
  const settings = Object.fromEntries(KEYS.map((k) => [k, typeof item[k] === 'string' ? item[k] : ''])) as ProgramSettingsValues;
  return {
    settings,
    missing: missingSettings(settings),
    version: typeof item.version === 'number' ? item.version : 0,
    updated_at: (item.updated_at as string | undefined) ?? null,
    updated_by: (item.updated_by as string | undefined) ?? null,
  };
}

/**
 * Saves every field when the stored version is still `version` (a second admin's save in between is
 * refused with 409 rather than silently overwritten), with a history entry of what changed.
 */
export async function saveProgramSettings(fields: ProgramSettingsFields, version: number, actor: Actor): Promise<ProgramSettingsView> {
  const current = await readProgramSettings();
  if (current.version !== version) {
    throw conflict(`${current.updated_by ?? 'Someone'} saved the program settings after you opened them. Reload the page to see their values, then make your change again.`);
  }
  const changes = KEYS.filter((k) => current.settings[k] !== fields[k])
    .map((k) => ({ field: k, label: PROGRAM_SETTING_LABELS[k], from: current.settings[k], to: fields[k] }));
  if (changes.length === 0) return current;
  const at = new Date().toISOString();
  try {
    await dynamo().send(new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { pk: PK, sk: SK, type: 'program_settings', ...fields, version: version + 1, updated_at: at, updated_by: actor.username },
            ConditionExpression: version === 0 ? 'attribute_not_exists(version)' : 'version = :version',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { pk: PK, sk: `${HISTORY}${at}#${randomBytes(4).toString('hex')}`, type: 'program_settings_history', at, by: actor, changes },
          },
        },
      ],
    }));
  } catch (e) {
    if (isTransactionCanceled(e)) {
      throw conflict('Someone saved the program settings at the same time. Reload the page to see their values, then make your change again.');
    }
    throw e;
  }
  return readProgramSettings();
}

/** The last 100 saves, newest first. */
export async function programSettingsHistory(): Promise<ProgramSettingsChange[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :history)',
    ExpressionAttributeValues: { ':pk': PK, ':history': HISTORY },
    ScanIndexForward: false,
    Limit: 100,
  }));
  return (out.Items ?? []).map((item) => ({
    at: item.at as string, by: (item.by as Actor).username, changes: item.changes as ProgramSettingsChange['changes'],
  }));
}

/**
 * Today (YYYY-MM-DD) in the program's time zone, the date a change made now carries (a charge check at
 * 8 pm in Chicago is dated that day); UTC's date until an admin sets the zone.
 */
export async function programToday(): Promise<string> {
  return todayIn(await readProgramSettings());
}

/** The program's IANA time zone (Program Settings); UTC until an admin sets it. */
export async function programTimeZone(): Promise<string> {
  return timeZoneOf(await readProgramSettings());
}

const timeZoneOf = (view: ProgramSettingsView): string => view.settings.time_zone.trim() || 'UTC';

/** What generating letters or sending certificates needs: the message that says what to set, or null. */
export function identityProblem(view: ProgramSettingsView, what: string): string | null {
  if (view.missing.length === 0) return null;
  const list = view.missing.length === 1 ? view.missing[0]! : `${view.missing.slice(0, -1).join(', ')} and ${view.missing.at(-1)!}`;
  return `The program's ${list.toLowerCase()} ${view.missing.length === 1 ? 'is' : 'are'} not set. An admin sets ${view.missing.length === 1 ? 'it' : 'them'} on the Program Settings page before ${what}.`;
}

/** The settings when they are complete; otherwise 409 with what to set (generating letters, sending certificates). */
export async function requireProgramIdentity(what: string): Promise<ProgramSettingsView> {
  const view = await readProgramSettings();
  const problem = identityProblem(view, what);
  if (problem) throw conflict(problem);
  return view;
}
