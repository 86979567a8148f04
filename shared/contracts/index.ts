/**
 * The zod contract of every implemented route, keyed like the route table. The API handlers validate
 * with them, the web client types its calls with them and GET /api/openapi.json is generated from them.
 */
import * as z from 'zod';
import type { RouteKey } from '../routes';
import { appStatus, changePasswordBody, loginBody, sessionResponse, sessionUser, updateProfileBody } from './auth';
import { createUserBody, listUsersQuery, updateUserBody, userIdParams, userView } from './users';
import { jobIdParams, jobView } from './jobs';

export interface RouteContract {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    pagination: z.object({
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      total: z.number(),
    }),
  });

const ok = z.object({ success: z.literal(true) });

export const CONTRACTS = {
  'POST /api/login': { summary: 'Log in with username and password', body: loginBody, response: sessionResponse },
  'POST /api/logout': { summary: 'Revoke the current session', response: ok },
  'POST /api/change-password': { summary: 'Change the own password; returns a fresh session', body: changePasswordBody, response: sessionResponse },
  'POST /api/update-profile': { summary: 'Update the own profile (real name)', body: updateProfileBody, response: z.object({ user: sessionUser }) },
  'GET /api/app/status': { summary: 'Server version and scheduled maintenance', response: appStatus },
  'GET /api/openapi.json': { summary: 'This document', response: z.record(z.string(), z.unknown()) },
  'GET /api/jobs/{id}': { summary: 'Progress of a background job', params: jobIdParams, response: jobView },
  'GET /api/users': { summary: 'User accounts, 100 per page, filtered by username', query: listUsersQuery, response: paginated(userView) },
  'POST /api/users': { summary: 'Create a user account (admins only)', body: createUserBody, response: z.object({ username: z.string(), user: userView }) },
  'POST /api/users/{id}': { summary: 'Update a user account', params: userIdParams, body: updateUserBody, response: z.object({ user: userView }) },
  'DELETE /api/users/{id}': { summary: 'Delete a user account', params: userIdParams, response: ok },
} satisfies Partial<Record<RouteKey, RouteContract>>;

export type ImplementedRouteKey = keyof typeof CONTRACTS;
export type ContractOf<K extends ImplementedRouteKey> = (typeof CONTRACTS)[K];
