/**
 * What can go wrong when the program calls an outside system, as one typed error, and how a route
 * answers it (docs/decisions.md, "Outside systems"): not configured is 503, a facility the system does
 * not know is 404, a change the system refused is 409 '<System> refused it: ...', every failure of the
 * system itself is 502 '<System> could not be reached: ...'.
 */
import { EXTERNAL_SYSTEMS } from '../../shared/resources';
import type { ExternalSystem } from '../../shared/resources';
import { HttpError, notFound } from '../runtime/http-error';

export type ExternalFailure =
  /** The URL or a credential is missing from the environment. */
  | 'not_configured'
  /** No connection: refused, reset, DNS failure. */
  | 'unreachable'
  /** No complete answer within the timeout. */
  | 'timeout'
  /** An HTTP status the protocol does not expect (5xx, unexpected 4xx). */
  | 'http_status'
  /** An answer that is not what the protocol promises (bad XML or JSON, missing fields). */
  | 'malformed'
  /** The system refused the program's credentials. */
  | 'rejected'
  /** The system does not know the facility. */
  | 'not_found'
  /**
   * The system answered but would not do it (SiteLink: a negative Ret_Code on a write; StorEdge: 422):
   * a failure of this one request (a moved-out ledger, an unknown tenant), not an outage. The detail is
   * the system's own message.
   */
  | 'refused';

export class ExternalSystemError extends Error {
  constructor(
    readonly system: ExternalSystem,
    readonly failure: ExternalFailure,
    /** What happened, in words a staff member can pass on ('it answered HTTP 500'). */
    readonly detail: string,
    /** For the log only: an excerpt of what the system sent. */
    readonly evidence?: string,
  ) {
    super(`${EXTERNAL_SYSTEMS[system].label}: ${detail}`);
    this.name = 'ExternalSystemError';
  }
}

export const labelOf = (system: ExternalSystem): string => EXTERNAL_SYSTEMS[system].label;

/** The answer a route gives for a failed outside call. */
export function toHttpError(err: ExternalSystemError, facilityNumber: string): HttpError {
  const label = labelOf(err.system);
  switch (err.failure) {
    case 'not_configured':
      return new HttpError(503, `${label} is not configured.`);
    case 'not_found':
      return err.system === 'crm'
        ? notFound(`No facility with number ${facilityNumber} was found in the CRM.`)
        : notFound(`Facility ${facilityNumber} was not found in ${label}.`);
    case 'refused':
      // Not the caller's input (422) and not an outage (502): the state of the record in the system
      // (a moved-out ledger) stands against the change.
      return new HttpError(409, `${label} refused it: ${err.detail}`);
    default:
      return new HttpError(502, `${label} could not be reached: ${err.detail}`);
  }
}
