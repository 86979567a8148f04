/**
 * The program's reminder e-mails as the emulator's SES took them (SendRawEmail, read at /_aws/ses), and
 * the daily schedule's run record: what the proof-expiry and reminder tests read and reset.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { LAST_RUN_KEY } from '../../functions/schedule/daily-schedule';
import { sesMessagesTo } from './helpers';
import type { SesMessage } from './helpers';

export interface ReadMail {
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  subject: string;
  /** The text part, decoded. */
  text: string;
}

const decodeWord = (value: string) => value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

export function readRawMail(message: SesMessage): ReadMail {
  const raw = message.RawData ?? '';
  const split = /\r?\n\r?\n/.exec(raw);
  expect(split, 'a raw message has a header and a body').not.toBeNull();
  const head = raw.slice(0, split!.index).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split!.index + split![0].length).replace(/\s+/g, '');
  return { headers, subject: decodeWord(headers.subject ?? ''), text: Buffer.from(body, 'base64').toString('utf8') };
}

/** The reminder e-mails an address got (raw messages only: the program's other mail is not a reminder). */
export async function remindersTo(address: string): Promise<ReadMail[]> {
  return (await sesMessagesTo(address)).filter((m) => m.RawData && /List-Unsubscribe-Post:/i.test(m.RawData)).map(readRawMail);
}

/** The token of a reminder's one-click address (List-Unsubscribe: <https://.../api/email/unsubscribe?token=...>). */
export function unsubscribeTokenOf(mail: ReadMail): string {
  const url = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  expect(url, 'List-Unsubscribe names one https address').toMatch(/^https:\/\/.+\/api\/email\/unsubscribe\?token=/);
  return new URL(url!).searchParams.get('token')!;
}

/** Forgets the last run, so a run covers its own day only (no catch-up over days another test ran). */
export async function forgetLastRun(): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: LAST_RUN_KEY }));
}

/** As if the last run that finished was on `day`. */
export async function lastRunWas(day: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...LAST_RUN_KEY, type: 'schedule_run', day, at: new Date().toISOString() } }));
}
