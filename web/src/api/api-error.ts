/** A failed call, carrying the server's JSON error body ({ error, field? }) as the spec wants. */
export class ApiError extends Error {
  /** The server's own error text; empty when the answer carried none. */
  readonly error: string;
  readonly field?: string;

  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    body: { error: string; field?: string },
    /** True when the server said the session token is unknown, expired or revoked. */
    readonly tokenGone = false,
    /** The whole JSON error body, for answers that say more than { error, field } (a bulk refusal's tenants). */
    readonly raw: unknown = null,
  ) {
    super(body.error || `The server answered with status ${status}.`);
    this.name = 'ApiError';
    this.error = body.error;
    if (body.field) this.field = body.field;
  }
}

export const NETWORK_ERROR = 'Network Error';

/** The server's error text when it sent one; otherwise the caller's fallback, or the error's message. */
export function errorText(err: unknown, fallback?: string): string {
  if (err instanceof ApiError && err.error) return err.error;
  if (fallback) return fallback;
  if (err instanceof Error && err.message) return err.message;
  return 'Unexpected error!';
}
