import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';

export const appStatus = z.object({
  version: z.string(),
  scheduled_maintenance_date: z.string().nullable(),
});
export type AppStatus = z.infer<typeof appStatus>;

export const APP_CONTRACTS = {
  'GET /api/app/status': { summary: 'Server version and scheduled maintenance', response: appStatus },
  'GET /api/openapi.json': { summary: 'This document', response: z.record(z.string(), z.unknown()) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
