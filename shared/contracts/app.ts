import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';

export const appStatus = z.object({
  version: z.string(),
  scheduled_maintenance_date: z.string().nullable(),
  /** How to reach the program office (Program Settings), for the Need Help dialog on every page, login included; null until set. */
  program_contact: z.object({ name: z.string(), phone: z.string(), email: z.string() }).nullable(),
});
export type AppStatus = z.infer<typeof appStatus>;

export const APP_CONTRACTS = {
  'GET /api/app/status': { summary: 'Server version and scheduled maintenance', response: appStatus },
  'GET /api/openapi.json': { summary: 'This document', response: z.record(z.string(), z.unknown()) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
