/**
 * The facility calls of spec §7 as TanStack Query hooks. Lists and changes share the 'facilities' key
 * root, so every change refreshes the lists that show it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FacilityView } from '../../../shared/contracts/facilities';
import type { FilterKey } from '../../../shared/program-filters';
import { call } from '../api/client';
import type { BodyOf, QueryOf } from '../api/client';
import type { FacilityFormValues } from './facility-form';
import { toFacilityBody } from './facility-form';

export const FACILITIES_KEY = 'facilities';
/** Spec §9: the facilities and facility-stats filters reload 500 ms after typing stops. */
export const FILTER_DEBOUNCE_MS = 500;

export interface FacilityListFilter {
  filter: FilterKey;
  facility_number: string;
  account_name: string;
  corporate_group: string;
  insurance_program_key: string;
  software: string;
  page: number;
}

/** Spec §5: the list's text filters are sent only when longer than 1 character. */
const longEnough = (value: string) => (value.trim().length > 1 ? value.trim() : undefined);

export function facilityListQuery(f: FacilityListFilter): Partial<QueryOf<'GET /api/facilities'>> {
  return {
    filter: f.filter === 'total' ? undefined : f.filter,
    facility_number: longEnough(f.facility_number),
    account_name: longEnough(f.account_name),
    corporate_group: longEnough(f.corporate_group),
    insurance_program_key: f.insurance_program_key || undefined,
    software: (f.software || undefined) as QueryOf<'GET /api/facilities'>['software'],
  };
}

export function useFacilityList(f: FacilityListFilter) {
  const query = facilityListQuery(f);
  return useQuery({
    queryKey: [FACILITIES_KEY, 'list', query, f.page],
    queryFn: () => call('GET /api/facilities', { query: { ...query, page: f.page, per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
}

export function useRetiredFacilities(page: number) {
  return useQuery({
    queryKey: [FACILITIES_KEY, 'retired', page],
    queryFn: () => call('GET /api/retired-facilities', { query: { page, per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
}

export interface FacilityStatsFilter {
  facility_number: string;
  prime_site_id: string;
  account_name: string;
  page: number;
}

/** Spec §5: facility-stats filters are trimmed and empty ones are dropped. */
export function useFacilityStats(f: FacilityStatsFilter) {
  const query = {
    facility_number: f.facility_number.trim() || undefined,
    prime_site_id: f.prime_site_id.trim() || undefined,
    account_name: f.account_name.trim() || undefined,
  };
  return useQuery({
    queryKey: [FACILITIES_KEY, 'stats', query, f.page],
    queryFn: () => call('GET /api/facility-stats', { query: { ...query, page: f.page, per_page: 100 } }),
    placeholderData: keepPreviousData,
  });
}

/** One facility by its number, for the 'Your Facility' pane (the list filter is a partial match). */
export function useFacilityByNumber(facilityNumber: string | null) {
  return useQuery({
    queryKey: [FACILITIES_KEY, 'by-number', facilityNumber],
    enabled: Boolean(facilityNumber),
    queryFn: async () => {
      const answer = await call('GET /api/facilities', { query: { facility_number: facilityNumber ?? '', per_page: 100 } });
      return answer.data.find((f) => f.facility_number === facilityNumber) ?? null;
    },
  });
}

/**
 * The typed client takes the contract's parsed body (lists as arrays); on the wire the lists are JSON
 * text in one form field, which the server's formJson parses back. Hence the one cast here.
 */
const asBody = <K extends 'POST /api/facilities' | 'POST /api/facilities/{id}'>(values: FacilityFormValues, includeNumber: boolean) =>
  toFacilityBody(values, includeNumber) as unknown as BodyOf<K>;

export function useCreateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FacilityFormValues) => call('POST /api/facilities', { body: asBody<'POST /api/facilities'>(values, true) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [FACILITIES_KEY] }),
  });
}

export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: FacilityFormValues }) =>
      call('POST /api/facilities/{id}', { params: { id }, body: asBody<'POST /api/facilities/{id}'>(values, false) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [FACILITIES_KEY] }),
  });
}

export function useDeleteFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (facility: FacilityView) => call('DELETE /api/facilities/{id}', { params: { id: facility.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [FACILITIES_KEY] }),
  });
}

export function useConfirmMoveOuts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (facility: FacilityView) => call('POST /api/facilities/{id}/confirm-move-outs', { params: { id: facility.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [FACILITIES_KEY] }),
  });
}

/**
 * Exports (spec §4): the create call queues a job that writes the workbook and answers its key and the
 * job's id; <ExportButton> (web/src/jobs) polls the job, then asks the download call for a short-lived
 * link and opens it in a new window.
 */
export const createFacilitiesExport = (f: FacilityListFilter) => call('GET /api/exports/facilities', { query: facilityListQuery(f) });
export const downloadFacilitiesExport = (file: { file_key: string }) =>
  call('GET /api/exports/download', { query: { file_key: file.file_key, filename: 'all_facilities' } });

export const createFacilityStatsExport = () => call('GET /api/facility-stats/create-export');
export const downloadFacilityStatsExport = (file: { filename: string }) =>
  call('GET /api/facility-stats/download-export', { query: { filename: file.filename } });
