/** A failed call, carrying the server's JSON error body ({ error, field? }) as the spec wants. */
export class ApiError extends Error {
  readonly error: string;
  readonly field?: string;

  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    body: { error: string; field?: string },
    /** True when the server said the session token is unknown, expired or revoked. */
    readonly tokenGone = false,
  ) {
    super(body.error);
    this.name = 'ApiError';
    this.error = body.error;
    if (body.field) this.field = body.field;
  }
}

export const NETWORK_ERROR = 'Network Error';

/** The text to show for any error thrown by a call or a page. */
export function errorText(err: unknown, fallback = 'Unexpected error!'): string {
  if (err instanceof ApiError) return err.error;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
