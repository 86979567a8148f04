/** An error meant for the caller: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { field?: string; headers?: Record<string, string>; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, { field });
export const unprocessable = (message: string, field?: string) => new HttpError(422, message, { field });
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, { field });
/** The session token is unknown, expired or revoked: the client clears auth and goes to /login. */
export const tokenGone = () => new HttpError(401, 'Your session has ended. Please log in again.', { headers: { 'x-token-gone': '1' } });
export const unauthenticated = () => new HttpError(401, 'You must be logged in.', { headers: { 'x-token-gone': '1' } });
