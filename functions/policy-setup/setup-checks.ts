/**
 * The program's refusals of a setup call, shared by both setup routes: a 4xx before any software is
 * asked, nothing changed (docs/decisions.md "Policy setup (server)").
 */
import type { SetupSoftware } from '../../shared/contracts/policy-setup';
import type { FacilityRecord } from '../facilities/facility-store';
import { FAMILY_OF_SOFTWARE, labelOfSoftware } from '../letters/ledger-scope';
import { HttpError, unprocessable } from '../runtime/http-error';
import type { TenantRecord } from '../tenants/tenant-store';
import { setupRefusal } from './setup-rules';

/** The facility runs this software family, or a 422 saying what it runs. */
export function requireSoftware(facility: FacilityRecord, software: SetupSoftware): void {
  if (FAMILY_OF_SOFTWARE[facility.software.trim()] === software) return;
  const runs = facility.software.trim() ? labelOfSoftware(facility.software.trim()) : 'no software';
  throw unprocessable(`Facility ${facility.facility_number} uses ${runs}, not ${labelOfSoftware(software)}.`, 'software');
}

/** Refuses the whole call when any tenant may not be set up, naming each (nothing asked, nothing changed). */
export function refuseAny(tenants: readonly TenantRecord[], facility: FacilityRecord, software: SetupSoftware, field: string): void {
  const refused = tenants.flatMap((t) => {
    const why = setupRefusal(t, facility.coverages, software, facility.facility_number);
    return why ? [{ id: t.id, ledger_id: t.ledger_id, message: why }] : [];
  });
  if (refused.length === 0) return;
  const first = refused[0]!.message;
  const message = tenants.length === 1 ? first : `${refused.length} of ${tenants.length} tenants cannot be set up: ${first}${refused.length > 1 ? ' (and others)' : ''} Nothing was set up.`;
  throw new HttpError(422, message, { field, details: refused });
}
