/**
 * The commonest passwords are refused beside the spec's 6-character minimum (issue 23): the ~49,000
 * of zxcvbn-ts's maintained list (@zxcvbn-ts/language-common, most common first), compared without
 * regard to case, as guessing tools try 'Password1' as soon as 'password1'.
 * The list is 380 kB of code: it is loaded on first use and installed beside the auth and users
 * bundles (infra/bundling.ts), so it neither counts against their 1 MB budget nor slows a cold start.
 */
import { unprocessable } from '../runtime/http-error';

export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

let listPromise: Promise<ReadonlySet<string>> | undefined;

// A failed load is not kept: the next request tries again.
const commonPasswords = () =>
  (listPromise ??= import('@zxcvbn-ts/language-common')
    .then(({ dictionary }) => new Set(dictionary['passwords-common']))
    .catch((err: unknown) => {
      listPromise = undefined;
      throw err;
    }));

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** 422 naming `field` when a password someone chose is one of the commonest. */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) throw unprocessable(COMMON_PASSWORD, field);
}
