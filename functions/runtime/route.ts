/**
 * How a route is implemented: its zod contract (shared/contracts) plus a function that gets the
 * validated input and the caller. The api handler does everything else (auth, parsing, errors).
 */
import type * as z from 'zod';
import type { RouteContract } from '../../shared/contracts';
import type { Permission } from '../../shared/permissions';
import type { Respondent } from '../respond/respondent-sessions';
import type { UserRecord } from '../users/user-store';

export interface Caller {
  user: UserRecord;
  permissions: Permission[];
  /** Hash of the session token, to revoke or rotate this session. */
  sessionId: string;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<C extends RouteContract> {
  params: Infer<C['params']>;
  query: Infer<C['query']>;
  body: Infer<C['body']>;
  /** Null on public and respondent routes. */
  caller: Caller | null;
  /** The tenant of a portal session: set on respondent routes only (tests that call a route directly may leave it out). */
  respondent?: Respondent | null;
  requestId: string;
  /** The client's address, for throttling and logs (runtime/client-address.ts). */
  sourceIp: string;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteImpl {
  contract: RouteContract;
  handle: (input: RouteInput<RouteContract>) => Promise<Reply>;
}

export function implement<C extends RouteContract>(contract: C, handle: (input: RouteInput<C>) => Promise<Reply>): RouteImpl {
  return { contract, handle: handle as RouteImpl['handle'] };
}

/** A caller that reached a session route is always present; this narrows the type. */
export function requireCaller(input: { caller: Caller | null }): Caller {
  if (!input.caller) throw new Error('route reached without a caller');
  return input.caller;
}

/** A tenant that reached a respondent route is always present; this narrows the type. */
export function requireRespondent(input: { respondent?: Respondent | null }): Respondent {
  if (!input.respondent) throw new Error('route reached without a respondent');
  return input.respondent;
}
