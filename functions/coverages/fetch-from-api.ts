/**
 * GET /api/coverages/fetch-from-api: the coverage options of a facility as its software reports them
 * (spec facilities-cycles-shell §7). SiteLink answers a list of {dcCoverage, dcPremium, InsurCoverageID};
 * StorEdge answers {invoiceable_items: [{amount, coverage_amount, id}]}. The facility must exist and run
 * the software family asked for; a failure of SiteLink or StorEdge is 502, an unconfigured one 503.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { COVERAGE_CONTRACTS } from '../../shared/contracts/coverages';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { ExternalSystemError, labelOf, toHttpError } from '../external/errors';
import { SiteLinkClient } from '../external/sitelink-client';
import { StorEdgeClient } from '../external/storedge-client';
import { notFound, unprocessable } from '../runtime/http-error';
import { logger } from '../runtime/logger';
import { implement } from '../runtime/route';

type Family = 'sitelink' | 'storedge';

/** Which facility software belongs to which family the route can ask. */
const FAMILY_OF_SOFTWARE: Record<string, Family> = { sitelink_web: 'sitelink', sitelink_alp: 'sitelink', storedge: 'storedge' };

const SOFTWARE_LABELS: Record<string, string> = {
  sitelink_web: 'SiteLink - Web', sitelink_alp: 'SiteLink - ALP', storedge: 'StorEdge', syrasoft: 'Syrasoft', easystorage: 'EasyStorage',
};

/**
 * The facility's software, by facility number: the number's claim item names the facility id
 * (FACILITYNUM#{number} / CLAIM), the profile (FACILITY#{id} / PROFILE) its software. Null when unknown.
 */
async function softwareOfFacility(facilityNumber: string): Promise<string | null> {
  const claim = await dynamo().send(new GetCommand({
    TableName: tableName(),
    Key: { pk: `FACILITYNUM#${facilityNumber.toLowerCase()}`, sk: 'CLAIM' },
    ProjectionExpression: 'facility_id',
  }));
  const facilityId = claim.Item?.facility_id as string | undefined;
  if (!facilityId) return null;
  const profile = await dynamo().send(new GetCommand({
    TableName: tableName(),
    Key: { pk: `FACILITY#${facilityId}`, sk: 'PROFILE' },
    ProjectionExpression: 'software',
  }));
  if (!profile.Item) return null;
  return typeof profile.Item.software === 'string' ? profile.Item.software : '';
}

async function fromSoftware(family: Family, facilityNumber: string) {
  if (family === 'sitelink') {
    const rows = await SiteLinkClient.fromEnv().insuranceCoverages(facilityNumber);
    return rows.map((row) => ({ dcCoverage: row.dcCoverage, dcPremium: row.dcPremium, InsurCoverageID: row.InsurCoverageID }));
  }
  const items = await StorEdgeClient.fromEnv().insuranceItems(facilityNumber);
  return { invoiceable_items: items.map((item) => ({ amount: item.amount, coverage_amount: item.coverage_amount, id: item.id })) };
}

export const fetchFromApi = implement(COVERAGE_CONTRACTS['GET /api/coverages/fetch-from-api'], async ({ query }) => {
  const { facility_number: facilityNumber, software: family } = query;
  const software = await softwareOfFacility(facilityNumber);
  if (software === null) throw notFound(`Facility ${facilityNumber} does not exist.`);
  if (FAMILY_OF_SOFTWARE[software] !== family) {
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
