/**
 * POST /api/respond/sign-in: the access code and the ZIP code of the letter's address open a portal
 * session for that tenant (docs/decisions.md "Tenant response portal: guessing").
 *
 * Every failure (a code that cannot be one, an unknown code, a tenant gone, a wrong ZIP code, a locked
 * code or address) answers the same 401 SIGN_IN_REFUSED after the same lookups, and no sooner than
 * FAILURE_FLOOR_MS after the request began, so neither the answer nor its time tells a guess apart.
 * A success is not padded: it counts the attempt (sign-in-limits.ts), reads the code's claim item and
 * the tenant by key (never a scan), then writes the session and clears the counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeAccessCode } from '../../shared/access-code';
import { SIGN_IN_REFUSED } from '../../shared/contracts/respond';
import { findAccessCode } from '../tenants/access-codes';
import { getTenant } from '../tenants/tenant-store';
import { HttpError } from '../runtime/http-error';
import { recordMetric } from '../runtime/metrics';
import { createRespondentSession } from './respondent-sessions';
import { clearCodeFailures, countAddressAttempt, countCodeAttempt, uncountAddressAttempt } from './sign-in-limits';

/** Every refused sign-in answers this long after it began (the slowest failure path stays well under it). */
export const FAILURE_FLOOR_MS = 400;

/** Stands in for a typed code that cannot be a code, so that path reads as much as the others. */
const NO_CODE = 'NOCODE';

/** The first five digits of a ZIP code as typed or stored ('62701-1234', '62701'), or null. */
export function zip5(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 5 ? digits.slice(0, 5) : null;
}

export interface SignInResult { token: string; expires_at: string }

export async function signIn(typedCode: string, typedZip: string, address: string, started = Date.now()): Promise<SignInResult> {
  const code = normalizeAccessCode(typedCode);
  const key = code ?? NO_CODE;
  // Counted against the code and the address before the ZIP code is judged, so parallel guesses cannot
  // outrun the limits; a code that cannot be one is counted against the address only.
  const [codeCounted, addressCounted, claim] = await Promise.all([
    code !== null ? countCodeAttempt(code, started) : Promise.resolve(false),
    countAddressAttempt(address, started),
    findAccessCode(key),
  ]);
  const tenant = await getTenant(claim?.tenant_id ?? `${NO_CODE}-tenant`);
  const locked = !codeCounted || !addressCounted;
  const zip = zip5(typedZip);
  const matches = code !== null && claim !== null && tenant !== null && tenant.access_code === code
    && zip !== null && zip === zip5(tenant.zip_code);

  if (matches && !locked) {
    const [{ token, respondent }] = await Promise.all([createRespondentSession(tenant, address), clearCodeFailures(code), uncountAddressAttempt(address, started)]);
    recordMetric('PortalSignIns', 1);
    return { token, expires_at: new Date(respondent.expires_at).toISOString() };
  }

  // A failure leaves the counts it took as they are: a locked code is not counted again (its lock stands
  // as set, and the address pays); a refused address does not keep an open code from counting.
  recordMetric(locked ? 'PortalLockouts' : 'PortalSignInsRefused', 1);
  const wait = FAILURE_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
  throw new HttpError(401, SIGN_IN_REFUSED);
}
