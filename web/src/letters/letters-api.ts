/**
 * The letter calls (spec tenants-letters-users §7 'Letters') as fetchers for useServerTable and
 * TanStack Query hooks. Everything lives under the 'letters' key; a letter batch or a ledger check
 * reloads it together with the tenant lists, cycles and facilities that show letter dates and statuses.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailedLetterType, MailingFilter } from '../../../shared/contracts/letters';
import type { TenantView } from '../../../shared/contracts/tenants';
import type { StateCode } from '../../../shared/states';
import { call } from '../api/client';
import type { QueryOf, ResponseOf } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';
import { scopeKey } from './letter-scope';
import type { LetterScope } from './letter-scope';

export const LETTERS_KEY = 'letters';
export const mailingListKey = [LETTERS_KEY, 'mailing'] as const;
export const letterBatchesKey = [LETTERS_KEY, 'batches'] as const;

export type MailingResponse = ResponseOf<'GET /api/facilities/{id}/tenants-mailing'>;
export type QueuedLetters = ResponseOf<'GET /api/facilities/{id}/generate-letters'>;
export type LetterBatchFilters = Omit<Partial<QueryOf<'GET /api/letter-batches'>>, 'page'>;

/** The Send Letters table's query: the scope and the filter ('all' is sent as no filter). */
export interface MailingQuery {
  scope: LetterScope | null;
  filter: MailingFilter;
}

export function fetchMailingPage({ query: { scope, filter }, page }: PageRequest<MailingQuery>): Promise<MailingResponse> {
  const sent = { filter: filter === 'all' ? undefined : filter, page };
  if (!scope) return Promise.reject(new Error('Choose a facility or a state first.'));
  if (scope.kind === 'state') return call('GET /api/facilities/state/{state}/tenants-mailing', { params: { state: scope.state }, query: sent });
  return call('GET /api/facilities/{id}/tenants-mailing', { params: { id: scope.facility.id }, query: { ...sent, cycle_id: scope.cycleId } });
}

/** The filter counts (all, each ready key, welcome_letter_skipped, tagged_for_removal) of the scope. */
export function useMailingCounts(scope: LetterScope | null) {
  return useQuery({
    queryKey: [LETTERS_KEY, 'counts', scopeKey(scope)],
    queryFn: () => {
      if (scope?.kind === 'state') return call('GET /api/facilities/state/{state}/tenant-mailing-counts', { params: { state: scope.state } });
      return call('GET /api/facilities/{id}/tenant-mailing-counts', { params: { id: scope!.facility.id }, query: { cycle_id: scope!.cycleId } });
    },
    enabled: scope !== null,
  });
}

export const facilityOfNumberKey = (facilityNumber: string) => [LETTERS_KEY, 'facility-of-number', facilityNumber] as const;

/**
 * The facility Send Letters' address names by its number (a link, Back, reload), found as the finder
 * finds facilities; null when no active facility has that number.
 */
export function useFacilityOfNumber(facilityNumber: string) {
  return useQuery({
    queryKey: facilityOfNumberKey(facilityNumber),
    queryFn: async () => (await call('GET /api/facilities/search', { query: { facility_number: facilityNumber } })).find((f) => f.facility_number === facilityNumber) ?? null,
    enabled: facilityNumber !== '',
    staleTime: 60_000,
  });
}

/** The facilities of a state (state mode). */
export function useStateFacilities(state: StateCode | null) {
  return useQuery({
    queryKey: [LETTERS_KEY, 'state-facilities', state],
    queryFn: () => call('GET /api/facilities/state/{state}', { params: { state: state! } }),
    enabled: state !== null,
    staleTime: 60_000,
  });
}

/** The cycles of the chosen facility, for the cycle dropdown. */
export function useFacilityCycles(facilityId: string | undefined) {
  return useQuery({
    queryKey: ['cycles', 'for-facility', facilityId],
    queryFn: () => call('GET /api/cycles/get-for-facility', { query: { facility_id: facilityId! } }),
    enabled: Boolean(facilityId),
    staleTime: 30_000,
  });
}

/** What a letter batch is asked with; dates are YYYY-MM-DD (spec §5). */
export interface LetterRequest {
  letterType: MailedLetterType | 'sample';
  auditLetterDate?: string;
  reminderLetterDate?: string;
  /** The checked tenants; none means the server takes the first 300 ready ones. */
  tenants: readonly Pick<TenantView, 'id'>[];
  /** Staff answered Continue to 'already been sent': the checked tenants are mailed again on purpose. */
  resend?: boolean;
}

/** Starts the job writing the letters; answers the job at once. */
export function startLetters(scope: LetterScope, request: LetterRequest): Promise<QueuedLetters> {
  const dates = { audit_letter_date: request.auditLetterDate, reminder_letter_date: request.reminderLetterDate };
  if (request.letterType === 'sample') {
    if (scope.kind !== 'facility') return Promise.reject(new Error('Sample letters are made for one facility.'));
    return call('GET /api/facilities/{id}/generate-sample-letters', { params: { id: scope.facility.id }, query: { ...dates, cycle_id: scope.cycleId } });
  }
  // The client writes a list comma-joined, as the spec sends tenant ids.
  const tenants = request.tenants.length > 0 ? request.tenants.map((t) => t.id) : undefined;
  const query = { letter_type: request.letterType, ...dates, tenants, resend: request.resend || undefined };
  if (scope.kind === 'state') return call('GET /api/facilities/state/{state}/generate-letters', { params: { state: scope.state }, query });
  return call('GET /api/facilities/{id}/generate-letters', { params: { id: scope.facility.id }, query: { ...query, cycle_id: scope.cycleId } });
}

/** A short-lived link to a letter PDF or mail-merge workbook, downloaded under `outputName`. */
export const letterDownloadLink = (fileName: string, outputName?: string) =>
  call('GET /api/facilities/download-letters/{file_name}', { params: { file_name: fileName }, query: { output_name: outputName } });

export const fetchLetterBatchesPage = ({ query, page }: PageRequest<LetterBatchFilters>) => call('GET /api/letter-batches', { query: { ...query, page } });

/** After letters or a ledger check: this page's lists and counts, the batches, and every screen showing tenants. */
export function useReloadLetters() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [[LETTERS_KEY], ['tenants'], ['cycles'], ['cycle-stats'], ['facilities']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
