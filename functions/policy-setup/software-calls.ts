/**
 * How a setup calls the facility software: a few tries with backoff for what may pass (a timeout, a
 * dropped connection, an HTTP error, a garbled answer), none for what will not (a refusal, an unknown
 * facility, refused credentials), all inside a deadline. A write is never retried blind: a timeout is
 * no proof the write did not happen, so the flows ask the ledger again before writing again.
 */
import { ExternalSystemError, toHttpError } from '../external/errors';
import { logger } from '../runtime/logger';

/** Tries of one call (or of one ledger's ask-then-write round). */
export const SOFTWARE_TRIES = 3;
/** The first wait between tries; doubled each time, with up to 50% jitter so a batch's retries spread. */
const BACKOFF_MS = 200;

/** Failures that may pass on a second try. */
export const isTransient = (err: unknown): err is ExternalSystemError =>
  err instanceof ExternalSystemError && ['timeout', 'unreachable', 'http_status', 'malformed'].includes(err.failure);

export const backoff = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * 2 ** (attempt - 1) * (1 + Math.random() / 2)));

/** A deadline: the time left, and whether another try (a wait plus a call of `callMs`) still fits. */
export interface Deadline { left: () => number; fits: (callMs: number) => boolean }
export function deadlineIn(ms: number): Deadline {
  const end = Date.now() + ms;
  return { left: () => end - Date.now(), fits: (callMs) => end - Date.now() > callMs + BACKOFF_MS * 4 };
}

/** A read, tried again on transient failures while tries and time remain. */
export async function withRetries<T>(what: string, call: () => Promise<T>, deadline: Deadline, callMs: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (err) {
      if (!isTransient(err) || attempt >= SOFTWARE_TRIES || !deadline.fits(callMs)) throw err;
      logger.warn('facility software call failed; trying again', { what, attempt, failure: err.failure, detail: err.detail });
      await backoff(attempt);
    }
  }
}

/** The message staff read on the tenant (and in the setup modal) for a failed call. */
export function failureMessage(err: unknown, facilityNumber: string): string {
  if (err instanceof ExternalSystemError) return toHttpError(err, facilityNumber).message;
  throw err;
}
