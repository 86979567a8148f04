/**
 * The scope of Remove Ineligible Tenants and Sync Tenant Statuses, resolved and checked by the calls
 * before anything is queued: a facility (optionally one of its open cycles) or a state's facilities.
 * Apart from ledger-checks.ts so the facility-software API group does not bundle the SiteLink and
 * StorEdge clients (fast-xml-parser): only the ledger-checks worker asks the software.
 */
import type { LedgerScopeBody } from '../../shared/contracts/ledger-checks';
import { importSoftwareLabel, isImportSoftware } from '../../shared/import-software';
import { getCycle } from '../cycles/cycle-store';
import { getFacilityByNumber } from '../facilities/facility-store';
import type { FacilityEntry, FacilityRecord } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import { notFound, unprocessable } from '../runtime/http-error';
import type { LedgerScopeInput } from './ledger-job-types';

export type SoftwareFamily = 'sitelink' | 'storedge';

/** The facility software whose ledgers can be asked through an API, and the family that answers. */
export const FAMILY_OF_SOFTWARE: Readonly<Record<string, SoftwareFamily>> = { sitelink_web: 'sitelink', sitelink_alp: 'sitelink', storedge: 'storedge' };
const FAMILY_LABELS: Readonly<Record<SoftwareFamily, string>> = { sitelink: 'SiteLink', storedge: 'StorEdge' };

export const labelOfSoftware = (software: string): string =>
  isImportSoftware(software) ? importSoftwareLabel(software) : software in FAMILY_LABELS ? FAMILY_LABELS[software as SoftwareFamily] : software;

interface ResolvedScope {
  scope: string;
  facilities: LedgerScopeInput['facilities'];
  notChecked: LedgerScopeInput['not_checked'];
}

/** The facility and its software, checked against what the page sent (nothing asked of any software yet). */
async function facilityAndFamily(facilityNumber: string, softwareSent: string): Promise<{ facility: FacilityRecord; family: SoftwareFamily }> {
  const number = facilityNumber.trim();
  const facility = await getFacilityByNumber(number);
  if (!facility) throw notFound(`Facility ${number} does not exist.`);
  if (facility.retired_at) throw unprocessable(`Facility ${facility.facility_number} is retired.`, 'facility_number');
  const sent = softwareSent.trim().toLowerCase();
  if (!isImportSoftware(sent) && !(sent in FAMILY_LABELS)) {
    throw unprocessable(`No such software as ${softwareSent.trim()}: software must be one of sitelink_web, sitelink_alp, storedge, syrasoft, easystorage.`, 'software');
  }
  const software = facility.software.trim();
  if (!software) throw unprocessable(`Facility ${facility.facility_number} has no software set; its ledgers cannot be checked through an API.`, 'software');
  const family = FAMILY_OF_SOFTWARE[software];
  if (sent !== software && !(family && sent === family)) {
    throw unprocessable(`Facility ${facility.facility_number} uses ${labelOfSoftware(software)}, not ${labelOfSoftware(sent)}.`, 'software');
  }
  if (!family) throw unprocessable(`Facility ${facility.facility_number} uses ${labelOfSoftware(software)}; its ledgers cannot be checked through an API.`, 'software');
  return { facility, family };
}

/**
 * The scope the letters would use, as the Send Letters page chose it: a facility (optionally one of its
 * open cycles) or a state's facilities still in the program. A state's facilities whose software has no
 * API are left out and named. Refusals are 4xx before anything is queued or asked.
 */
export async function resolveScope(body: LedgerScopeBody): Promise<ResolvedScope> {
  if (body.state) {
    // The state's facilities still in the program (the facilities catalog: one Query), as Send Letters lists them.
    const entries = (await readCatalog<FacilityEntry>('facilities')).filter((e) => !e.retired && e.state === body.state)
      .sort((a, b) => a.facility_number.localeCompare(b.facility_number, 'en', { numeric: true }));
    if (entries.length === 0) throw unprocessable(`State ${body.state} has no facilities in the program.`, 'state');
    const facilities = entries.flatMap((e) => {
      const family = FAMILY_OF_SOFTWARE[e.software.trim()];
      return family ? [{ id: e.id, facility_number: e.facility_number, family, cycle_id: null }] : [];
    });
    const notChecked = entries.filter((e) => !FAMILY_OF_SOFTWARE[e.software.trim()]).map((e) => ({ facility_number: e.facility_number, software: labelOfSoftware(e.software.trim()) || 'no software' }));
    if (facilities.length === 0) throw unprocessable(`None of state ${body.state}'s facilities runs SiteLink or StorEdge; their ledgers cannot be checked through an API.`, 'state');
    return { scope: `state ${body.state}`, facilities, notChecked };
  }
  const { facility, family } = await facilityAndFamily(body.facility_number!, body.software!);
  let scope = `facility ${facility.facility_number}`;
  if (body.cycle_id) {
    const cycle = await getCycle(body.cycle_id);
    if (!cycle || cycle.facility_id !== facility.id) throw notFound(`Cycle ${body.cycle_id} is not a cycle of facility ${facility.facility_number}.`);
    if (cycle.archived_at) throw unprocessable(`Cycle ${cycle.label} of facility ${facility.facility_number} is archived; its tenants are not checked.`, 'cycle_id');
    scope = `cycle ${cycle.label} of facility ${facility.facility_number}`;
  }
  return { scope, facilities: [{ id: facility.id, facility_number: facility.facility_number, family, cycle_id: body.cycle_id ?? null }], notChecked: [] };
}

