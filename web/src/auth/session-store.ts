/**
 * The session (permissions, token, user) kept in localStorage so a reload keeps the user logged in.
 * It is the one piece of client state outside TanStack Query; the API client reads the token here
 * and clears it when the server says the token is gone.
 */
import type { SessionResponse, SessionUser } from '../../../shared/contracts/auth';

export type Session = SessionResponse;

const STORAGE_KEY = 'alp.session';
const listeners = new Set<() => void>();

function isSession(value: unknown): value is Session {
  const s = value as Partial<Session> | null;
  return !!s && typeof s.token === 'string' && Array.isArray(s.permissions) && !!s.user && typeof s.user.username === 'string';
}

function read(): Session | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();
/** The server ended the session this tab held (not a logout of the user's own): the login page says so. */
let ended = false;

function publish(next: Session | null): void {
  current = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

// Another tab logging in or out changes this tab too.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  current = read();
  listeners.forEach((listener) => listener());
});

export const sessionStore = {
  get: (): Session | null => current,
  token: (): string | null => current?.token ?? null,
  set: (session: Session): void => {
    ended = false;
    publish(session);
  },
  updateUser: (user: SessionUser): void => {
    if (current) publish({ ...current, user });
  },
  clear: (): void => {
    ended = false;
    publish(null);
  },
  /** The server no longer knows the session this tab holds: forget it, and remember why for the login page. */
  end: (): void => {
    if (!current) return;
    ended = true;
    publish(null);
  },
  wasEnded: (): boolean => ended,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
