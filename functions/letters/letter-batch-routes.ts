/** GET /api/letter-batches (spec §2 Letter batches, §7): 50 a page, newest first. */
import { PAGE_SIZE } from '../../shared/constants';
import { LETTER_CONTRACTS } from '../../shared/contracts/letters';
import { implement } from '../runtime/route';
import { letterBatchViewOf, listLetterBatches } from './letter-batch-store';

export const letterBatchRoutes = {
  'GET /api/letter-batches': implement(LETTER_CONTRACTS['GET /api/letter-batches'], async ({ query }) => {
    const page = query.page ?? 1;
    const perPage = PAGE_SIZE.letterBatches;
    const { rows, total } = await listLetterBatches({ facilityNumber: query.facility_number || undefined, letterType: query.letter_type, page, perPage });
    const from = rows.length ? (page - 1) * perPage + 1 : null;
    return {
      body: {
        data: rows.map(letterBatchViewOf),
        pagination: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, from, to: from === null ? null : from + rows.length - 1, total },
      },
    };
  }),
};
