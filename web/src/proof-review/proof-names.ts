/** How Proof Review names a proof's tenant and the proof in its table, dialogs and toasts. */
import type { ProofReviewRow } from '../../../shared/contracts/proof-reviews';
import { formatWireDate } from '../widgets/date-format';

export const tenantName = (p: Pick<ProofReviewRow, 'first_name' | 'last_name'>): string =>
  `${p.first_name} ${p.last_name ?? ''}`.replace(/\s+/g, ' ').trim() || 'Unnamed tenant';

/** 'Jane Doe (unit A12, facility 1001)'. */
export const proofOwner = (p: ProofReviewRow): string => `${tenantName(p)} (unit ${p.unit}, facility ${p.facility_number})`;

/** The spec's display date (§9: M/DD/YYYY). */
export const displayDate = (wire: string): string => formatWireDate(wire, 'M/dd/yyyy');
