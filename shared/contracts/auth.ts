import * as z from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../constants';
import { requiredText } from './form';
import { ok } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';

export const loginBody = z.object({
  username: requiredText('username', 100),
  password: z.string({ error: 'password is required.' }).min(1, 'password is required.').max(200),
});

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
/** Proof that the caller knows the password (after a generated one, that one): a stolen session alone cannot change it. */
export const currentPassword = z.string({ error: CURRENT_PASSWORD_REQUIRED }).trim().min(1, CURRENT_PASSWORD_REQUIRED).max(200);

export const changePasswordBody = z.object({
  password: z.string({ error: PASSWORD_TOO_SHORT }).trim().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(200),
  current_password: currentPassword,
});

/** Profile: only the manager name (real_name) is editable (spec §5). */
export const updateProfileBody = z.object({
  real_name: z.string().trim().max(200, 'real_name must be at most 200 characters.'),
});

/** The user as the session carries it. */
export const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  real_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_monitor: z.boolean(),
  facility_id: z.string().nullable(),
  has_changed_password: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({
  permissions: z.array(z.enum(['admin', 'monitor', 'manager'])),
  token: z.string(),
  user: sessionUser,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const AUTH_CONTRACTS = {
  'POST /api/login': { summary: 'Log in with username and password', body: loginBody, response: sessionResponse },
  'POST /api/logout': { summary: 'Revoke the current session', response: ok },
  'POST /api/change-password': { summary: 'Change the own password (the current one required); ends every session and returns a fresh one', body: changePasswordBody, response: sessionResponse },
  'POST /api/update-profile': { summary: 'Update the own profile (real name)', body: updateProfileBody, response: z.object({ user: sessionUser }) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
