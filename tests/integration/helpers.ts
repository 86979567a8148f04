/**
 * Shared helpers of the integration suite: real HTTP against the local runtime started by global-setup,
 * and direct access to the emulator through the program's own store functions (real AWS SDK, no mocks).
 */
import { expect, inject } from 'vitest';
import { endpointsFromEnv, useEndpoints } from '../../localstack/emulator';

import { DEMO_PASSWORD, DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { calendarDateIn } from '../../shared/format';
import { fetchFrom } from './local-address';

export { DEMO_FACILITY_ID, DEMO_PASSWORD } from '../../localstack/seed';

/** Points this worker's AWS SDK at the suite's private emulators and table, as the local runtime does. */
export function useSuiteAws(): void {
  const env = inject('awsEnv');
  Object.assign(process.env, env);
  useEndpoints(endpointsFromEnv(env));
}
useSuiteAws();

export const baseUrl = (): string => inject('baseUrl');

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Signs of a leaked stack trace or server internals in a response body. */
const STACK_SIGNS = [/\n\s+at\s/, /\bat\s+\S+\s+\(.*:\d+:\d+\)/, /\.(ts|js|mjs|cjs):\d+:\d+/, /node_modules\//, /"stack"\s*:/];

export function expectNoStackTrace(text: string): void {
  for (const sign of STACK_SIGNS) expect(text, `response body leaks internals: ${text.slice(0, 500)}`).not.toMatch(sign);
}

export interface CallOptions {
  token?: string | null;
  /** Send the token in X-Authorization instead of Authorization: Bearer. */
  xAuthorization?: boolean;
  /** JSON body (default), or a raw body with its own content type. */
  json?: unknown;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
  raw?: { body: string; contentType?: string };
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** Send from this loopback address (127.x.y.z) rather than 127.0.0.1: a client at an address of its own. */
  from?: string;
}

/** One HTTP call to the program; every answer is checked for leaked stack traces. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const url = new URL(path, baseUrl());
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) {
    if (options.xAuthorization) headers['x-authorization'] = options.token;
    else headers.authorization = `Bearer ${options.token}`;
  }
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(options.multipart)) fd.append(k, v);
    body = fd;
  } else if (options.raw) {
    if (options.raw.contentType) headers['content-type'] = options.raw.contentType;
    body = options.raw.body;
  }
  const res = options.from ? await fetchFrom(options.from, url, { method, headers, body }) : await fetch(url, { method, headers, body });
  const text = await res.text();
  expectNoStackTrace(text);
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export interface Session {
  token: string;
  user: { id: string; username: string; real_name: string; email: string; is_admin: boolean; is_monitor: boolean; facility_id: string | null; has_changed_password: boolean };
  permissions: string[];
}

export async function login(username: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await call('POST', '/api/login', { json: { username, password } });
  expect(res.status, `login ${username}: ${res.text}`).toBe(200);
  return res.body as Session;
}

/** A username no other test uses. */
let counter = 0;
export const uniqueName = (stem: string): string => `${stem}-${Date.now().toString(36)}-${(++counter).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * Today as the server dates what it writes (a confirmation, a status's date, a note): the calendar of the
 * demo program's time zone (Program Settings), which is not UTC's for hours around midnight UTC.
 */
export const programToday = (): string => calendarDateIn(DEMO_PROGRAM_SETTINGS.time_zone);

/** The program's day `days` from today (negative to go back). */
export const programDay = (days: number): string => new Date(Date.parse(`${programToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The URL of the dead-letter queue a queue redrives to, read from its RedrivePolicy as SQS keeps it (the
 * names are CloudFormation's, so nothing here assumes one).
 */
export async function deadLetterQueueUrl(queueUrl: string): Promise<string> {
  const { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const sqs = new SQSClient({});
  const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['RedrivePolicy'] }));
  const target = (JSON.parse(out.Attributes?.RedrivePolicy ?? '{}') as { deadLetterTargetArn?: string }).deadLetterTargetArn;
  expect(target, `${queueUrl} has a RedrivePolicy`).toBeDefined();
  return (await sqs.send(new GetQueueUrlCommand({ QueueName: target!.split(':').pop()! }))).QueueUrl!;
}

/** An e-mail the emulator's SES accepted: SendEmail's fields, or SendRawEmail's message as sent. */
export interface SesMessage {
  Source: string;
  /** SendEmail's; a raw message has its recipients in its To header. */
  Destination?: { ToAddresses?: string[] };
  Subject?: string;
  Body?: { text_part?: string; html_part?: string };
  RawData?: string;
}

/** The addresses a message went to: SendEmail's Destination, or a raw message's To header. */
export function recipientsOf(message: SesMessage): string[] {
  if (message.Destination?.ToAddresses) return message.Destination.ToAddresses;
  const to = /^To:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(message.RawData ?? '')?.[1] ?? '';
  return [...to.matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0]);
}

/** The e-mails the emulator's SES accepted for an address (LocalStack lists them at GET /_aws/ses). */
export async function sesMessagesTo(address: string): Promise<SesMessage[]> {
  const res = await fetch(new URL('/_aws/ses', process.env.AWS_ENDPOINT_URL!));
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: SesMessage[] }).messages.filter((m) => recipientsOf(m).includes(address));
}
