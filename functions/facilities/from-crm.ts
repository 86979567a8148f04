/**
 * GET /api/facilities/from-zoho: the CRM accounts with a facility number, for the 'Load data from the
 * CRM' modal (spec facilities-cycles-shell §2, §7). Answers {data: [record, ...]}; a number the CRM does
 * not know is 404, a failure of the CRM 502, an unconfigured CRM 503.
 */
import { FACILITY_CONTRACTS } from '../../shared/contracts/facilities';
import { CrmClient } from '../external/crm-client';
import { ExternalSystemError, toHttpError } from '../external/errors';
import { externalEnv } from '../external/secret-settings';
import { logger } from '../runtime/logger';
import { implement } from '../runtime/route';

export const facilitiesFromCrm = implement(FACILITY_CONTRACTS['GET /api/facilities/from-zoho'], async ({ query }) => {
  const facilityNumber = query.facility_number;
  try {
    return { body: { data: await CrmClient.fromEnv(await externalEnv('crm')).accountsByFacilityNumber(facilityNumber) } };
  } catch (err) {
    if (!(err instanceof ExternalSystemError)) throw err;
    logger.warn('outside system call failed', { system: err.system, failure: err.failure, detail: err.detail, evidence: err.evidence, facility_number: facilityNumber });
    throw toHttpError(err, facilityNumber);
  }
});

/** The route entry the facilities group's handler adds to its map. */
export const fromCrmRoutes = { 'GET /api/facilities/from-zoho': facilitiesFromCrm };
