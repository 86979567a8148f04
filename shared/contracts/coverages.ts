/** Insurance programs and coverage options (spec facilities-cycles-shell §3, §7). */
import * as z from 'zod';
import { requiredText } from './form';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { coverageOption } from './program';
import { STATE_CODES } from '../states';

export const insuranceProgram = z.object({ key: z.string(), label: z.string() });

export const fetchFromApiQuery = z.object({
  facility_number: requiredText('Facility number', 20),
  software: z.enum(['sitelink', 'storedge'], { error: 'software must be sitelink or storedge.' }),
});

/** SiteLink answers a list of coverage rows; StorEdge answers its invoiceable items (spec §7). */
export const siteLinkCoverage = z.object({ dcCoverage: z.number(), dcPremium: z.number(), InsurCoverageID: z.string() });
export const storEdgeInvoiceableItem = z.object({ amount: z.number(), coverage_amount: z.number(), id: z.string() });

export const COVERAGE_CONTRACTS = {
  'GET /api/coverages/available': {
    summary: 'The coverage options offered in a state',
    query: z.object({ state: z.enum(STATE_CODES, { error: 'state must be a two-letter state or territory code.' }) }),
    response: z.array(coverageOption),
  },
  'GET /api/coverages/fetch-from-api': {
    summary: 'Coverage options read from the facility\'s SiteLink or StorEdge account',
    query: fetchFromApiQuery,
    response: z.union([z.array(siteLinkCoverage), z.object({ invoiceable_items: z.array(storEdgeInvoiceableItem) })]),
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;

export const INSURANCE_PROGRAM_CONTRACTS = {
  'GET /api/insurance-programs': { summary: 'Insurance programs', response: z.array(insuranceProgram) },
} satisfies Partial<Record<RouteKey, RouteContract>>;
