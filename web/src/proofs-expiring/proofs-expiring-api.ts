/**
 * The Proofs expiring calls (issue 27; docs/decisions.md "Proofs expiring (issue 27)"): the list's page
 * for useServerTable (its answer carries the window's counts), and its export (a workbook job, then the
 * download link of the export files). The list lives under the 'tenants' key, so any tenant change
 * (a proof accepted, a status edited) reloads it.
 */
import { call } from '../api/client';
import type { QueryOf } from '../api/client';
import { TENANTS_KEY } from '../tenants/tenants-api';
import type { PageRequest } from '../widgets/use-server-table';

export const proofsExpiringKey = [TENANTS_KEY, 'proofs-expiring'] as const;

/** The facility box reloads this long after typing stops (as Proof Review's). */
export const EXPIRING_FILTER_DEBOUNCE_MS = 350;

/** The windows the page offers, in days after today (0: today only); the server takes any from 0 to 30. */
export const WINDOW_CHOICES = ['30', '14', '7', '0'] as const;
export type WindowChoice = (typeof WINDOW_CHOICES)[number];
export const DEFAULT_WINDOW: WindowChoice = '30';

export const windowLabel = (choice: WindowChoice): string => (choice === '0' ? 'Today' : `Within ${choice} days`);

export type ProofsExpiringQuery = Omit<QueryOf<'GET /api/proofs-expiring'>, 'page' | 'cursor'>;

/** What the page sends: trimmed, empty ones and the default window left out. */
export const expiringFiltersOf = (facilityNumber: string, programKey: string, within: WindowChoice): ProofsExpiringQuery => ({
  facility_number: facilityNumber.trim() || undefined,
  insurance_program_key: programKey || undefined,
  within_days: within === DEFAULT_WINDOW ? undefined : Number(within),
});

export const fetchProofsExpiringPage = ({ query, page, cursor }: PageRequest<ProofsExpiringQuery>) =>
  call('GET /api/proofs-expiring', { query: { ...query, page, cursor } });

export const createProofsExpiringExport = (query: ProofsExpiringQuery) => call('GET /api/proofs-expiring/export', { query });
/** The file is saved under the name the export answered (proofs_expiring_{date}.xlsx). */
export const downloadProofsExpiringExport = (file: { file_key: string; filename: string }) =>
  call('GET /api/exports/download', { query: { file_key: file.file_key, filename: file.filename } });
