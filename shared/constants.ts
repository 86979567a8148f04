/** Business constants of the spec, in one place for web and functions. */
export const CLIENT_VERSION = '2.18.10';
export const PAGE_SIZE = {
  facilities: 100,
  cycles: 100,
  tenants: 100,
  users: 100,
  letterBatches: 50,
  tagModal: 50,
} as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters.';
export const PASSWORD_MISMATCH = 'Password fields do not match.';
export const TOAST_MS = 3000;
export const APP_STATUS_POLL_MS = 180_000;
/**
 * The overlay asks "Are you still there?" only after a real absence. The spec detects idleness at 5 s and
 * leaves the overlay's delay open; 5 s is a person reading the page (issue 24).
 */
export const IDLE_OVERLAY_AFTER_MS = 5 * 60 * 1000;
export const IDLE_RELOAD_AFTER_MS = 4 * 60 * 60 * 1000;
export const TOOLTIP_MIN_CHARS = 35;
/** Failed-login throttle: after this many consecutive failures the username is locked for LOCK_MS. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Sessions slide: each use pushes expiry to now + SESSION_TTL_MS (written at most once a minute). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** However often it is used, a session ends this long after sign-in: a stolen token is good for a day at most. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SOFTWARE_KEYS = ['easystorage', 'syrasoft', 'sitelink_web', 'sitelink_alp', 'storedge'] as const;
export type SoftwareKey = (typeof SOFTWARE_KEYS)[number];
