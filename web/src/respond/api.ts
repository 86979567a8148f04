/**
 * The portal's own small API client: the respond routes only, typed from their shared contracts by
 * `import type` (no zod, no staff client in the portal's bundle). The tenant's session token is kept
 * in sessionStorage, so a reload keeps the tenant signed in and closing the tab forgets it.
 */
import type { z } from 'zod';
import type { RESPOND_CONTRACTS } from '../../../shared/contracts/respond';

type Contracts = typeof RESPOND_CONTRACTS;
export type RespondRoute = keyof Contracts;
export type BodyOf<K extends RespondRoute> = Contracts[K] extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
export type ResponseOf<K extends RespondRoute> = z.output<Contracts[K]['response']>;

/** Why a call failed, for the page to say in the tenant's language. */
export type FailureKind =
  /** 401: no session, or it expired or was ended: back to sign-in. */
  | 'session'
  /** Any other 4xx; `message` is the server's (English) reason. */
  | 'refused'
  /** The network or the server (5xx): try again. */
  | 'network'
  | 'server';

export class RespondError extends Error {
  constructor(readonly kind: FailureKind, readonly status: number, message: string) {
    super(message);
  }
}

const TOKEN_KEY = 'alp-respond-session';

export const session = {
  token(): string | null {
    try {
      return window.sessionStorage.getItem(TOKEN_KEY);
    } catch {
      return memoryToken;
    }
  },
  set(token: string | null): void {
    memoryToken = token;
    try {
      if (token) window.sessionStorage.setItem(TOKEN_KEY, token);
      else window.sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // storage switched off: the session lasts as long as the page
    }
  },
};
let memoryToken: string | null = null;

export async function respondCall<K extends RespondRoute>(key: K, body?: BodyOf<K>): Promise<ResponseOf<K>> {
  const [method, path] = key.split(' ') as [string, string];
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new RespondError('network', 0, 'network');
  }
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (response.ok) return answer as ResponseOf<K>;
  const message = typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}`;
  if (response.status === 401) throw new RespondError('session', 401, message);
  if (response.status >= 400 && response.status < 500) throw new RespondError('refused', response.status, message);
  throw new RespondError('server', response.status, message);
}

/**
 * Sends the proof file with its presigned POST straight to the uploads bucket: the policy's fields
 * first and the file last (S3 ignores fields after the file). XMLHttpRequest rather than fetch for
 * the upload's progress; S3 answers 204, or 403/400 with an XML reason (too large, wrong type).
 */
export function sendProofFile(target: ResponseOf<'POST /api/respond/proof-upload'>, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new RespondError('refused', request.status, /<Message>([^<]*)<\/Message>/.exec(request.responseText)?.[1] ?? `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new RespondError('network', 0, 'network'));
    request.send(form);
  });
}
