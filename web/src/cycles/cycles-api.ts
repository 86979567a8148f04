/** Cycles: the filtered list and the changes, each reloading the list. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import type { BodyOf, QueryOf } from '../api/client';

export type CycleListQuery = Partial<QueryOf<'GET /api/cycles'>>;

export function useCycleList(query: CycleListQuery) {
  return useQuery({
    queryKey: ['cycles', query],
    queryFn: () => call('GET /api/cycles', { query }),
    // Keep the current rows on screen while a filter change loads.
    placeholderData: keepPreviousData,
  });
}

/** The cycle lists, the dashboard counts and the manager's facility all show cycle state. */
function useReloadCycles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['cycles'] }),
      queryClient.invalidateQueries({ queryKey: ['cycle-stats'] }),
      queryClient.invalidateQueries({ queryKey: ['manager-facility'] }),
    ]);
}

export type CycleCreateFields = BodyOf<'POST /api/cycles'>;
export type CycleUpdateFields = BodyOf<'POST /api/cycles/{id}'>;

export function useCreateCycle() {
  const reload = useReloadCycles();
  return useMutation({
    mutationFn: (body: CycleCreateFields) => call('POST /api/cycles', { body }),
    onSuccess: () => reload(),
  });
}

export function useUpdateCycle() {
  const reload = useReloadCycles();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CycleUpdateFields }) => call('POST /api/cycles/{id}', { params: { id }, body }),
    onSuccess: () => reload(),
  });
}

export function useCheckFlagged() {
  return useMutation({ mutationFn: (id: string) => call('GET /api/cycles/{id}/check-flagged', { params: { id } }) });
}

export function useConfirmMoveOuts() {
  const reload = useReloadCycles();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/cycles/{id}/confirm-move-outs', { params: { id } }),
    onSuccess: () => reload(),
  });
}

export interface LettersSent {
  facilityId: string;
  cycleId: string;
  initial_letter_sent_date: string | null;
  reminder_letter_sent_date: string | null;
  welcome_letter_sent_date: string | null;
}

/** Mark Letters Sent records the three dates on the facility, for the cycle they belong to. */
export function useMarkLettersSent() {
  const reload = useReloadCycles();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ facilityId, cycleId, ...dates }: LettersSent) =>
      call('POST /api/facilities/{id}', {
        params: { id: facilityId },
        // A blank field is 'no date' on the server; a missing one would be too, but blank says so.
        body: {
          initial_letter_sent_date: dates.initial_letter_sent_date ?? '',
          reminder_letter_sent_date: dates.reminder_letter_sent_date ?? '',
          welcome_letter_sent_date: dates.welcome_letter_sent_date ?? '',
          cycle_id: cycleId,
        },
      }),
    onSuccess: () => Promise.all([reload(), queryClient.invalidateQueries({ queryKey: ['facilities'] })]),
  });
}
