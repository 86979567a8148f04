/**
 * Where a login returns to. The guard sends a logged-out visitor of a page (a deep link, a session that
 * ended on the page) to /login?next={path and query}, and the login comes back there. Only a path of
 * this site is taken back: anything the browser could read as another host (`//host`, `/\host`, a
 * scheme, a tab or newline the URL parser drops) sends the user home instead, so a link to the login
 * page cannot forward a fresh session to another site (an open redirect).
 */
export const NEXT_PARAM = 'next';

/** Pages a login never returns to: they would only log the user out or back in. */
const NO_RETURN = new Set(['/login', '/logout']);

const OWN_ORIGIN = 'https://app.invalid';

/** The path and query `raw` names when it is a path of this site a login may return to, else null. */
export function returnPathOf(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN || NO_RETURN.has(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The login address that returns to `location`; home needs no return, the login goes there anyway. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const back = returnPathOf(location.pathname + location.search);
  return back && back !== '/' ? `/login?${NEXT_PARAM}=${encodeURIComponent(back)}` : '/login';
}

/** Where a login made on /login{search} goes: the page its `next` names, or home. */
export function afterLoginPath(search: string): string {
  return returnPathOf(new URLSearchParams(search).get(NEXT_PARAM)) ?? '/';
}
