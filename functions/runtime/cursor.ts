/**
 * The cursors the program hands out (`pagination.next_cursor`; security issue 23, finding 6): where a
 * list's next page starts, as base64url JSON, a '.', and an HMAC-SHA256 of the list it belongs to and that
 * JSON, under a key derived from the app secret. A cursor is opened only when the signature is ours for
 * this very list (its name and filters: `list`) and the JSON has the list's shape; anything else (made
 * up, edited, cut short, of another list or other filters) is the list's 422 on `cursor`, so nothing in
 * it ever reaches DynamoDB.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { derivedKey } from '../aws/app-secret';
import { unprocessable } from './http-error';

const signatureOf = async (list: string, payload: string): Promise<Buffer> =>
  createHmac('sha256', await derivedKey('cursor')).update(list).update('\n').update(payload).digest();

export async function sealCursor(list: string, value: unknown): Promise<string> {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${(await signatureOf(list, payload)).toString('base64url')}`;
}

/** The value `sealCursor(list, …)` sealed, checked against `shape`; else a 422 with `refusal` on `cursor`. */
export async function openCursor<S extends z.ZodType>(list: string, text: string, shape: S, refusal: string): Promise<z.output<S>> {
  const [payload = '', signature = '', ...rest] = text.split('.');
  const given = Buffer.from(signature, 'base64url');
  const expected = await signatureOf(list, payload);
  const ours = rest.length === 0 && given.length === expected.length && timingSafeEqual(given, expected);
  if (!ours) throw unprocessable(refusal, 'cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw unprocessable(refusal, 'cursor');
  }
  // Signed by us, so only a cursor of an older version of this list can fail here.
  const checked = shape.safeParse(parsed);
  if (!checked.success) throw unprocessable(refusal, 'cursor');
  return checked.data;
}

/** The start key of an index Query: the table's keys and the index's, all strings (as every key of the table). */
export const indexKeyShape = (index: string) =>
  z.strictObject({ pk: z.string(), sk: z.string(), [`${index}pk`]: z.string(), [`${index}sk`]: z.string() });
