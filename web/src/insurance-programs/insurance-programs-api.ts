/** The insurance programs (key, label) that facilities, cycles and their filters choose from. */
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

// Programs change rarely (a deploy or a seed adds them): one load serves every page for a while.
const STALE_PROGRAMS_MS = 5 * 60_000;

export function useInsurancePrograms() {
  return useQuery({
    queryKey: ['insurance-programs'],
    queryFn: () => call('GET /api/insurance-programs'),
    staleTime: STALE_PROGRAMS_MS,
  });
}
