/**
 * The program's own access codes (docs/decisions.md "Access codes are the program's own"): what a
 * tenant types on the response portal with the ZIP code of the letter's address. Never a facility gate
 * code. Pure rules, shared by the server (generation, lookup), the letters (printing) and the portal
 * page (typing); the random generation itself lives in functions/tenants/access-codes.ts.
 */

/** No look-alikes: no 0/O, no 1/I/L. 31 symbols; 8 of them give 31^8 ≈ 8.5e11 codes. */
export const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACCESS_CODE_LENGTH = 8;
/** Printed and shown in groups of this many, joined by a dash: 'K7PX-3M9Q'. */
const GROUP = 4;

const VALID = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);

/**
 * What a person typed, as stored: upper case, without spaces or dashes ('k7px 3m9q' and 'K7PX-3M9Q'
 * are 'K7PX3M9Q'). Null when it cannot be a code (wrong length or a symbol outside the alphabet).
 */
export function normalizeAccessCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return VALID.test(code) ? code : null;
}

/** A stored code as printed on a letter and shown to staff: 'K7PX-3M9Q'. */
export function formatAccessCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

/** The portal's path on the program's own site (served beside the staff app, DESIGN.md "Tenants"). */
export const RESPOND_PATH = '/respond';

/**
 * The portal's address as printed on a letter, from the program's website setting ('auditletters.example.com',
 * 'https://auditletters.example.com/'): https unless the setting names another scheme, no trailing slash.
 */
export function portalUrl(website: string): string {
  return `${programSiteUrl(website)}${RESPOND_PATH}`;
}

/** The program's own site from its website setting: https unless it names another scheme, no trailing slash (its /api/ is the program's API). */
export function programSiteUrl(website: string): string {
  const site = website.trim().replace(/\/+$/, '');
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(site) ? site : `https://${site}`;
}

/**
 * The address a letter's QR code carries: the portal with the code in the fragment, so the code fills
 * itself in on the phone yet never reaches a server, a log or a Referer header (browsers do not send
 * fragments). The tenant still types the ZIP code.
 */
export function portalUrlWithCode(website: string, code: string, language: 'en' | 'es' = 'en'): string {
  // The portal opens in Spanish with ?lang=es (the letter prints that address for Spanish readers).
  return `${portalUrl(website)}${language === 'es' ? '?lang=es' : ''}#code=${formatAccessCode(code)}`;
}
