/**
 * GET /api/coverages/fetch-from-api: the coverage options of a facility as its software reports them
 * (spec facilities-cycles-shell §7). SiteLink answers a list of {dcCoverage, dcPremium, InsurCoverageID};
 * StorEdge answers {invoiceable_items: [{amount, coverage_amount, id}]}. A facility already set up must
 * run the software family asked for; one not set up yet (the Add facility page) is asked of that software
 * directly, which answers 404 if it does not know the number. A failure of SiteLink or StorEdge is 502,
 * an unconfigured one 503.
 */
import { COVERAGE_CONTRACTS } from '../../shared/contracts/coverages';
import { getFacilityByNumber } from '../facilities/facility-store';
import { ExternalSystemError, labelOf, toHttpError } from '../external/errors';
import { externalEnv } from '../external/secret-settings';
import { SiteLinkClient } from '../external/sitelink-client';
import { StorEdgeClient } from '../external/storedge-client';
import { unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { implement } from '../runtime/route';

type Family = 'sitelink' | 'storedge';

/** Which facility software belongs to which family the route can ask. */
const FAMILY_OF_SOFTWARE: Record<string, Family> = { sitelink_web: 'sitelink', sitelink_alp: 'sitelink', storedge: 'storedge' };

const SOFTWARE_LABELS: Record<string, string> = {
  sitelink_web: 'SiteLink - Web', sitelink_alp: 'SiteLink - ALP', storedge: 'StorEdge', syrasoft: 'Syrasoft', easystorage: 'EasyStorage',
};

async function fromSoftware(family: Family, facilityNumber: string) {
  if (family === 'sitelink') {
    const rows = await SiteLinkClient.fromEnv(await externalEnv('sitelink')).insuranceCoverages(facilityNumber);
    return rows.map((row) => ({ dcCoverage: row.dcCoverage, dcPremium: row.dcPremium, InsurCoverageID: row.InsurCoverageID }));
  }
  const items = await StorEdgeClient.fromEnv(await externalEnv('storedge')).insuranceItems(facilityNumber);
  return { invoiceable_items: items.map((item) => ({ amount: item.amount, coverage_amount: item.coverage_amount, id: item.id })) };
}

export const fetchFromApi = implement(COVERAGE_CONTRACTS['GET /api/coverages/fetch-from-api'], async ({ query }) => {
  const { facility_number: facilityNumber, software: family } = query;
  const software = (await getFacilityByNumber(facilityNumber))?.software ?? null;
  if (software !== null && FAMILY_OF_SOFTWARE[software] !== family) {
    const uses = SOFTWARE_LABELS[software] ?? (software || 'no software');
    throw unprocessable(`Facility ${facilityNumber} uses ${uses}, not ${labelOf(family)}.`, 'software');
  }
  try {
    return { body: await fromSoftware(family, facilityNumber) };
  } catch (err) {
    if (!(err instanceof ExternalSystemError)) throw err;
    logger.warn('outside system call failed', { system: err.system, failure: err.failure, detail: err.detail, evidence: err.evidence, facility_number: facilityNumber });
    throw toHttpError(err, facilityNumber);
  }
});
