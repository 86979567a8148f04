/** GET /api/coverages/available?state=: the coverage options offered in a state (spec §3 "Coverage option", §7). */
import { COVERAGE_CONTRACTS } from '../../shared/contracts/coverages';
import { getStateCoverages } from '../program/reference-data';
import { implement } from '../runtime/route';

export const availableCoverages = implement(COVERAGE_CONTRACTS['GET /api/coverages/available'], async ({ query }) => ({
  body: await getStateCoverages(query.state),
}));
