/** The program's identity (GET/POST /api/program-settings) and its history; the contact every page shows comes from here. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramSettingsFields } from '../../../shared/contracts/program-settings';
import { call } from '../api/client';

const KEY = ['program-settings'] as const;

export function useProgramSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => call('GET /api/program-settings'), staleTime: 5 * 60_000 });
}

export function useProgramSettingsHistory() {
  return useQuery({ queryKey: [...KEY, 'history'], queryFn: async () => (await call('GET /api/program-settings/history')).data });
}

export function useSaveProgramSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramSettingsFields & { version: number }) => call('POST /api/program-settings', { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(KEY, view);
      // The history gains an entry; the contact in Need Help (app status) may have changed.
      return Promise.all([queryClient.invalidateQueries({ queryKey: [...KEY, 'history'] }), queryClient.invalidateQueries({ queryKey: ['app-status'] })]);
    },
  });
}
