/**
 * The one API client. Calls are named by their route-table key ('POST /api/users/{id}') and typed from
 * the shared zod contracts, so a contract change breaks the web build instead of the page. Bodies go
 * as forms (the spec's calls are forms), or as JSON when they hold lists or objects a form cannot
 * carry (an import's file list); answers are JSON.
 */
import type { z } from 'zod';
import type { ContractOf, ImplementedRouteKey } from '../../../shared/contracts';
import { sessionStore } from '../auth/session-store';
import { ApiError, NETWORK_ERROR } from './api-error';

type Part<K extends ImplementedRouteKey, P extends 'params' | 'query' | 'body'> =
  ContractOf<K> extends { [key in P]: infer S extends z.ZodType } ? z.output<S> : never;

export type ResponseOf<K extends ImplementedRouteKey> = z.output<ContractOf<K>['response']>;
export type BodyOf<K extends ImplementedRouteKey> = Part<K, 'body'>;
export type QueryOf<K extends ImplementedRouteKey> = Part<K, 'query'>;

type Scalar = string | number | boolean | null | undefined;

export interface CallInput<K extends ImplementedRouteKey> {
  params?: Part<K, 'params'>;
  query?: Partial<Part<K, 'query'>>;
  body?: Partial<Part<K, 'body'>>;
  /** Overrides the stored token: logout sends the token it has already cleared from storage. */
  token?: string | null;
  /** Sends the body as JSON even when it is flat: for the groups that take JSON only (json-api-handler.ts). */
  json?: boolean;
}

let tokenGoneHandler: () => void = () => sessionStore.clear();

/** The app decides what 'session gone' means (clear auth, go to /login); registered once at start. */
export function onTokenGone(handler: () => void): void {
  tokenGoneHandler = handler;
}

function toForm(values: Record<string, Scalar> | undefined): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    form.set(key, String(value));
  }
  return form;
}

function pathOf(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function call<K extends ImplementedRouteKey>(key: K, input: CallInput<K> = {}): Promise<ResponseOf<K>> {
  const [method, template] = key.split(' ') as [string, string];
  const query = toForm(input.query as Record<string, Scalar> | undefined).toString();
  const url = pathOf(template, input.params as Record<string, string> | undefined) + (query ? `?${query}` : '');
  const token = input.token === undefined ? sessionStore.token() : input.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (method !== 'GET' && input.body) {
    const values = Object.values(input.body);
    if (!input.json && values.every((v) => v === null || typeof v !== 'object')) init.body = toForm(input.body as Record<string, Scalar>);
    else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(input.body);
    }
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, { error: NETWORK_ERROR });
  }
  const data = await readJson(response);
  if (response.headers.has('x-token-gone')) {
    tokenGoneHandler();
    throw new ApiError(response.status, errorBodyOf(data), true, data);
  }
  if (!response.ok) throw new ApiError(response.status, errorBodyOf(data), false, data);
  return data as ResponseOf<K>;
}

function errorBodyOf(data: unknown): { error: string; field?: string } {
  const body = data as { error?: unknown; field?: unknown } | null;
  if (body && typeof body.error === 'string') {
    return { error: body.error, ...(typeof body.field === 'string' ? { field: body.field } : {}) };
  }
  return { error: '' };
}
