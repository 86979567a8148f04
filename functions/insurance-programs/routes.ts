/** GET /api/insurance-programs (spec facilities-cycles-shell §3 "Insurance program", §7): key and label, by label. */
import { INSURANCE_PROGRAM_CONTRACTS } from '../../shared/contracts/coverages';
import { listInsurancePrograms } from '../program/reference-data';
import { implement } from '../runtime/route';

export const insuranceProgramRoutes = {
  'GET /api/insurance-programs': implement(INSURANCE_PROGRAM_CONTRACTS['GET /api/insurance-programs'], async () => ({
    body: await listInsurancePrograms(),
  })),
};
