import * as z from 'zod';
import { formBoolean, formInt, requiredText } from './form';
import { ok, paginated } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { tenantAccountQuery, tenantAccountsResponse } from './tenants';
import { currentPassword } from './auth';

export const userIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const listUsersQuery = z.object({
  username: z.string().trim().max(100).optional(),
  /** The Tenant Accounts tab sends tenants=true with its own filters (shared/contracts/tenants.ts). */
  tenants: formBoolean.optional(),
  ...tenantAccountQuery.shape,
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(100_000, 'page must be at most 100000.')).optional(),
});

const email = z.string({ error: 'email is required.' }).trim().min(1, 'email is required.').max(200).pipe(z.email('email must be a valid email address.'));
const username = requiredText('username', 100).regex(/^[A-Za-z0-9._@-]+$/, 'username may use letters, digits and . _ @ - only.');
const password = z.string({ error: 'password is required.' }).trim().min(6, 'Password must be at least 6 characters.').max(200);

export const createUserBody = z.object({
  username,
  password,
  email,
  real_name: z.string().trim().max(200).optional().default(''),
  is_admin: formBoolean.optional().default(false),
  is_monitor: formBoolean.optional().default(false),
});

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Update: every field optional; a blank password means 'keep it'. Setting one's own password needs
 * current_password too (the route says so when it is missing; staff setting another's do not send it).
 */
export const updateUserBody = z.object({
  username: username.optional(),
  password: z.preprocess(blankIsMissing, password.optional()),
  current_password: z.preprocess(blankIsMissing, currentPassword.optional()),
  email: email.optional(),
  real_name: z.string().trim().max(200).optional(),
  is_admin: formBoolean.optional(),
  is_monitor: formBoolean.optional(),
});

export const userFacility = z.object({
  id: z.string(),
  facility_number: z.string(),
  account_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
});

export const userView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  real_name: z.string(),
  is_admin: z.boolean(),
  is_monitor: z.boolean(),
  facility_id: z.string().nullable(),
  has_changed_password: z.boolean(),
  /** Decrypted generated password; only present while the user has not changed it. */
  original_password: z.string().nullable(),
  last_active_date: z.string().nullable(),
  days_since: z.number().nullable(),
  hours_since: z.number().nullable(),
  minutes_since: z.number().nullable(),
  seconds_since: z.number().nullable(),
  facility: userFacility.nullable(),
});
export type UserView = z.infer<typeof userView>;

export const USER_CONTRACTS = {
  'GET /api/users': {
    summary: 'User accounts, 100 per page, filtered by username; with tenants=true the Tenant Accounts list',
    query: listUsersQuery,
    response: z.union([paginated(userView), tenantAccountsResponse]),
  },
  'POST /api/users': { summary: 'Create a user account (admins only)', body: createUserBody, response: z.object({ username: z.string(), user: userView }) },
  'POST /api/users/{id}': {
    summary: "Update a user account; a new own password ends the caller's sessions and answers a fresh token",
    params: userIdParams,
    body: updateUserBody,
    response: z.object({ user: userView, token: z.string().optional() }),
  },
  'DELETE /api/users/{id}': { summary: 'Delete a user account', params: userIdParams, response: ok },
} satisfies Partial<Record<RouteKey, RouteContract>>;
