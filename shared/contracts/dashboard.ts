/** The home dashboard (monitor menu stats) and the manager home panel (spec §2 Home, Manager home). */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { facilityStats, filterStats } from './program';
import { cycleView } from './cycles';

export const managerFacility = z.object({
  id: z.string(),
  facility_number: z.string(),
  account_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
  software: z.string(),
  initial_letter_send_date: z.string().nullable(),
  reminder_letter_send_date: z.string().nullable(),
  stats: facilityStats,
  cycles: z.array(cycleView),
});
export type ManagerFacility = z.infer<typeof managerFacility>;

export const MONITOR_CONTRACTS = {
  'GET /api/monitors/cycle-stats': { summary: 'Move-out, threshold and letter counts over all cycles', response: filterStats },
} satisfies Partial<Record<RouteKey, RouteContract>>;

export const MANAGER_CONTRACTS = {
  'GET /api/managers/facility': { summary: 'The caller\'s facility with its cycles', response: managerFacility },
} satisfies Partial<Record<RouteKey, RouteContract>>;
