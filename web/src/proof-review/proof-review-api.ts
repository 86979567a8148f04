/**
 * The Proof Review calls (issue 18; docs/decisions.md "Proof Review"): the waiting list's page for
 * useServerTable, the waiting count of the home menu's badge, a proof's short-lived document link,
 * and the two decisions. Every cached answer lives under `proofReviewsKey`, so one invalidation after a
 * decision reloads the list and the badge.
 */
import type { ProofRejectionCode } from '../../../shared/proof-rejection';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import type { BodyOf, QueryOf } from '../api/client';
import type { PageRequest } from '../widgets/use-server-table';

export const proofReviewsKey = ['proof-reviews'] as const;
export const proofReviewListKey = [...proofReviewsKey, 'list'] as const;
const countKey = [...proofReviewsKey, 'count'] as const;

/** The filters reload this long after typing stops (as the Archives tab's). */
export const PROOF_FILTER_DEBOUNCE_MS = 350;

export type ProofReviewFilters = Omit<Partial<QueryOf<'GET /api/proof-reviews'>>, 'page' | 'cursor'>;

/** Trimmed, empty ones dropped. */
export const proofFiltersOf = (facilityNumber: string, from: string | null, to: string | null): ProofReviewFilters => ({
  facility_number: facilityNumber.trim() || undefined,
  from: from ?? undefined,
  to: to ?? undefined,
});

export const fetchProofReviewPage = ({ query, page, cursor }: PageRequest<ProofReviewFilters>) =>
  call('GET /api/proof-reviews', { query: { ...query, page, cursor } });

/** How many proofs wait for review; undefined while loading or when the call failed (the badge is then left out). */
export function useWaitingProofCount(enabled = true): number | undefined {
  const result = useQuery({
    queryKey: countKey,
    queryFn: () => call('GET /api/proof-reviews/count'),
    enabled,
    // A tenant may upload at any time: look again every minute while the menu is on screen.
    refetchInterval: 60_000,
  });
  return result.data?.waiting;
}

/**
 * Asks for the document's 5-minute link and opens it in a new tab, where the browser shows the PDF or
 * image itself (the link serves it inline with its checked type).
 */
export async function openProofDocument(id: string): Promise<void> {
  const link = await call('GET /api/proof-reviews/{id}/document', { params: { id } });
  window.open(link.url, '_blank', 'noopener');
}

/** One proof with what was read from its page and its flags (loaded when a review dialog opens). */
export function useProofDetail(id: string) {
  return useQuery({ queryKey: [...proofReviewsKey, 'detail', id], queryFn: () => call('GET /api/proof-reviews/{id}', { params: { id } }) });
}

/** Accepts with the facts staff confirmed: the expiry becomes the tenant's proof expiry. */
export const acceptProof = (id: string, facts: BodyOf<'POST /api/proof-reviews/{id}/accept'>) =>
  call('POST /api/proof-reviews/{id}/accept', { params: { id }, body: facts, json: true });

/** A common reason (said in the tenant's language on the portal), words of staff's own, or both. */
export const rejectProof = (id: string, reason: { code: ProofRejectionCode | null; note: string }) =>
  call('POST /api/proof-reviews/{id}/reject', { params: { id }, body: { reason_code: reason.code ?? undefined, reason: reason.note || undefined }, json: true });
