/** Cycles (spec facilities-cycles-shell §2 Manage cycles, New cycle, Edit cycle; §3 Cycle; §7). */
import * as z from 'zod';
import { pageQuery, requiredText, sortParam } from './form';
import { paginated } from './contract';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { cycleStats, filterKey, filterStats, formDate, idParams, tenantFilter, textFilter } from './program';

/**
 * The dates of a cycle, every one nullable (spec §3); messages name them in words.
 * A blank or null date clears it; a date left out of an edit keeps its value. move_out_date is derived, never sent.
 */
const cycleDates = {
  initial_letter_send_date: formDate('Initial letter send date').optional(),
  reminder_letter_send_date: formDate('Reminder letter send date').optional(),
  letter_effective_date: formDate('Letter effective date').optional(),
  lease_effective_date: formDate('Lease effective date').optional(),
  update_responses_deadline_date: formDate('Update responses deadline date').optional(),
  tag_for_removal_deadline_date: formDate('Tag for removal deadline date').optional(),
  setup_coverage_start_date: formDate('Setup coverage start date').optional(),
  setup_coverage_end_date: formDate('Setup coverage end date').optional(),
  monitor_payment_start_date: formDate('Monitor payment start date').optional(),
  monitor_payment_end_date: formDate('Monitor payment end date').optional(),
};

export const createCycleBody = z.object({
  facility_number: requiredText('Facility number', 20),
  label: requiredText('Label', 100),
  ...cycleDates,
});

/** Edit cycle: label required, facility number read-only (ignored if sent). */
export const updateCycleBody = z.object({
  label: requiredText('Label', 100),
  facility_number: z.string().optional(),
  ...cycleDates,
});

const dateRange = (name: string) => ({
  [`${name}_start`]: formDate(`${name}_start`).optional(),
  [`${name}_end`]: formDate(`${name}_end`).optional(),
});

/**
 * Columns Manage Cycles sorts on (the cycles catalog's fields); a leading '-' sorts descending. Without
 * one the list is newest letter first: the letter effective date, latest first (issue 24).
 */
export const CYCLE_SORTS = ['facility_number', 'account_name', 'corporate_group', 'label', 'initial_letter_send_date', 'lease_effective_date', 'reminder_letter_send_date', 'letter_effective_date'] as const;
export type CycleSort = (typeof CYCLE_SORTS)[number];
export const DEFAULT_CYCLE_SORT = '-letter_effective_date';

export const cycleListQuery = pageQuery.extend({
  sort: sortParam(CYCLE_SORTS),
  filter: filterKey.optional(),
  facility_number: textFilter,
  account_name: textFilter,
  corporate_group: textFilter,
  insurance_program_key: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(50).optional()),
  ...dateRange('initial_letter_date'),
  ...dateRange('lease_effective_date'),
  ...dateRange('reminder_letter_date'),
  ...dateRange('letter_effective_date'),
});

export const cycleView = z.object({
  id: z.string(),
  facility_id: z.string(),
  facility_number: z.string(),
  account_name: z.string(),
  corporate_group: z.string(),
  label: z.string(),
  insurance_program_key: z.string(),
  insurance_program_label: z.string(),
  tenant_count: z.number(),
  initial_letter_send_date: z.string().nullable(),
  reminder_letter_send_date: z.string().nullable(),
  letter_effective_date: z.string().nullable(),
  lease_effective_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  update_responses_deadline_date: z.string().nullable(),
  tag_for_removal_deadline_date: z.string().nullable(),
  setup_coverage_start_date: z.string().nullable(),
  setup_coverage_end_date: z.string().nullable(),
  monitor_payment_start_date: z.string().nullable(),
  monitor_payment_end_date: z.string().nullable(),
  initial_letter_sent_date: z.string().nullable(),
  reminder_letter_sent_date: z.string().nullable(),
  welcome_letter_sent_date: z.string().nullable(),
  confirmed_move_outs_date: z.string().nullable(),
  confirmed_no_move_outs_date: z.string().nullable(),
  monitor_confirmed_move_outs: z.boolean(),
  can_tag_removal: z.boolean(),
  ready_to_tag: z.boolean(),
  created_at: z.string(),
  stats: cycleStats,
});
export type CycleView = z.infer<typeof cycleView>;

export const CYCLE_CONTRACTS = {
  'GET /api/cycles': {
    summary: 'Cycles, 100 per page, with text and date-range filters and the badge counts of More Filters',
    query: cycleListQuery,
    response: paginated(cycleView).extend({ stats: filterStats }),
  },
  'POST /api/cycles': { summary: 'Create a cycle for a facility that is set up', body: createCycleBody, response: z.object({ cycle_id: z.string() }) },
  'GET /api/cycles/search': {
    summary: 'Cycles of a facility by facility number',
    query: z.object({ facility_number: requiredText('facility_number', 50) }),
    response: z.array(z.object({ id: z.string(), label: z.string(), tenant_count: z.number() })),
  },
  'GET /api/cycles/get-for-facility': {
    summary: 'Cycles of a facility by facility id',
    query: z.object({ facility_id: requiredText('facility_id', 64) }),
    response: z.array(cycleView),
  },
  'GET /api/cycles/{id}': { summary: 'One cycle', params: idParams, response: cycleView },
  'POST /api/cycles/{id}': { summary: 'Edit a cycle', params: idParams, body: updateCycleBody, response: z.object({ cycle_id: z.string() }) },
  'GET /api/cycles/{id}/coverages': {
    summary: 'Coverage options of the cycle\'s facility',
    params: idParams,
    response: z.array(z.object({ id: z.string(), premium: z.number(), coverage: z.number() })),
  },
  'GET /api/cycles/{id}/tenant-filters': { summary: 'Tenant filter counts of the cycle', params: idParams, response: z.array(tenantFilter) },
  'GET /api/cycles/{id}/check-flagged': { summary: 'How many of the cycle\'s tenants are tagged for removal', params: idParams, response: z.object({ tenants_flagged: z.number() }) },
  'POST /api/cycles/{id}/confirm-move-outs': { summary: 'Staff confirm the cycle\'s move-outs', params: idParams, response: z.object({ cycle: cycleView }) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
