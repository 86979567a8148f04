/**
 * The tenant item and the index entries it carries (docs/data-model.md "Tenants").
 *
 *   TENANT#{id} / PROFILE     the tenant
 *
 * Each list of the spec is served by one index whose key answers it, so no list reads more than its
 * page at program scale (1.5 million tenants):
 *   tcyc   {cycleId}            / {sortName}#{id}        a cycle's tenants, slim projection (filtered in memory)
 *   tfac   {facilityId}         / {sortName}#{id}        a facility's tenants, slim projection (same)
 *   tgrp   {facilityId}#{group} / {sortName}#{id}        a facility's tenants of one status group (keys only)
 *   ttag   {facilityId}         / {sortName}#{id}        only tenants tagged for removal (sparse, keys only)
 *   tset   {facilityId}         / {sortName}#{id}        only tenants that require setup (sparse, keys only)
 *   tname  {first 2 letters}    / {last first}#{id}      program-wide name search, last name first (keys only)
 *   tname2 {first 2 letters}    / {first last}#{id}      the same, first name first (sparse, keys only; tenant-names.ts)
 *   tunit  {unit, lower case}   / {facilityNumber}#{sortName}#{id}  program-wide unit search (keys only)
 *   tldg   {insur_ledger_id}    / {id}                   Tenant Accounts ledger search (sparse, keys only)
 *   temail {e-mail, lower case} / {sortName}#{id}        the staff search by e-mail address (sparse, keys only)
 *   texpiry {yyyy-MM of the proof's end} / {yyyy-MM-dd}#{facilityNumber}#{sortName}#{id}
 *                                                         the proof-expiry index: accepted proofs by the day they end (sparse, keys only; issue 27)
 */
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { RespondLanguage } from '../../shared/contracts/respond';
import type { TenantFilterKey } from '../../shared/contracts/tenants';
import { APP_TABLE } from '../../shared/resources';
import type { CountedTenant } from '../program/counters';
import { isCoverageChoice } from '../program/counters';
import { mailingKeysOf } from '../letters/mailing-rules';
import { nameIndexKeys } from './tenant-names';

export interface TenantRecord extends CountedTenant {
  id: string;
  facility_id: string;
  facility_number: string;
  cycle_id: string;
  first_name: string;
  last_name: string | null;
  email: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  unit: string;
  units: string[];
  move_in_date: string | null;
  billing_date: string | null;
  charge_apply_date: string | null;
  charge_confirmed_date: string | null;
  insurance_effective_date: string | null;
  original_insurance_effective_date: string | null;
  tenant_made_selection: boolean;
  setup_via_api: boolean;
  api_confirmed: boolean;
  coverage_id: string | null;
  note: string;
  note_created: string | null;
  monitor_note: string;
  welcome_certificate_emailed_date: string | null;
  ledger_id: string;
  insur_ledger_id: string;
  access_code: string;
  policy_number: string;
  /** The last failure to set the tenant up in its facility software (ISO time, and what staff can act on); null once set up. */
  policy_errors_date_logged: string | null;
  policy_errors_error_message: string | null;
  provided_proof_date: string | null;
  /**
   * The proof the tenant uploaded on the portal while it waits for staff review (functions/proofs);
   * null otherwise. Set and cleared only with the proof's own writes, so it is set exactly while that proof
   * waits: any other write that takes the tenant away (a staff status, a delete) withdraws the proof
   * (tenant-store.ts withdrawnProofs).
   */
  waiting_proof_id: string | null;
  /**
   * The day (yyyy-MM-dd) the tenant's accepted proof of insurance ends (issue 27): set when staff accept
   * a proof, kept only while the tenant has Provided Proof (tenant-store.ts applies proofExpiryRule to
   * every write); the daily schedule reminds the tenant before it and takes the tenant back to no
   * response on it (functions/schedule).
   */
  proof_expiry_date: string | null;
  /** The language the tenant last answered the portal in (issue 27: reminders are e-mailed in it); null: never answered. */
  language: RespondLanguage | null;
  opt_out_date: string | null;
  move_out_date: string | null;
  bad_address_date: string | null;
  created_at: string;
  updated_at: string;
}

type TenantFields = Omit<TenantRecord, 'id' | 'created_at' | 'updated_at'>;
/** A tenant to create: who and where it is; every other field may be left to TENANT_DEFAULTS (imports fill what their file has). */
export type NewTenant = Pick<TenantFields, 'facility_number' | 'first_name' | 'last_name' | 'unit' | 'ledger_id'> & Partial<TenantFields>;
/** What a write may change: never the identity, the owner or the version. */
export type TenantChanges = Partial<Omit<TenantRecord, 'id' | 'cycle_id' | 'facility_id' | 'facility_number' | 'created_at' | 'updated_at'>>;

/** Defaults of the fields a caller may leave out when creating tenants. */
export const TENANT_DEFAULTS: Omit<TenantFields, 'facility_id' | 'facility_number' | 'cycle_id' | 'first_name' | 'last_name' | 'unit' | 'ledger_id'> = {
  email: '', address: '', city: '', state: '', zip_code: '', country: 'US', units: [],
  move_in_date: null, billing_date: null, charge_apply_date: null, charge_applied_date: null, charge_confirmed_date: null,
  payment_confirmed_date: null, setup_insurance_date: null, insurance_effective_date: null, original_insurance_effective_date: null,
  status: null, tenant_made_selection: false, setup_via_api: false, api_confirmed: false, coverage_id: null, tagged_for_removal: false,
  note: '', note_created: null, monitor_note: '', welcome_letter_sent_date: null, welcome_certificate_emailed_date: null,
  initial_letter_sent_date: null, reminder_letter_sent_date: null, insur_ledger_id: '', access_code: '', policy_number: '',
  policy_errors_date_logged: null, policy_errors_error_message: null,
  provided_proof_date: null, waiting_proof_id: null, proof_expiry_date: null, language: null, opt_out_date: null, move_out_date: null, bad_address_date: null,
};

export const tenantKey = (id: string) => ({ pk: `TENANT#${id}`, sk: 'PROFILE' });
export const tenantIdOfKey = (pk: string) => pk.slice('TENANT#'.length);

/** The status groups of the lists' status filter; every tenant is in exactly one. */
export type StatusGroup = 'move_out' | 'bad_address' | 'opt_out' | 'provide_proof' | 'any_coverage' | 'non_responder';

/** The same split as the counters (functions/program/counters.ts contributionOf). */
export function groupOf(t: Pick<TenantRecord, 'status'>): StatusGroup {
  if (t.status === 'moved_out') return 'move_out';
  if (t.status === 'bad_address') return 'bad_address';
  if (t.status === 'opt_out') return 'opt_out';
  if (t.status === 'provide_proof') return 'provide_proof';
  if (isCoverageChoice(t.status)) return 'any_coverage';
  return 'non_responder';
}

/** Spec §2: address, city, state or zip code missing. */
export const isAddressIncomplete = (t: Pick<TenantRecord, 'address' | 'city' | 'state' | 'zip_code'>): boolean =>
  !t.address.trim() || !t.city.trim() || !t.state.trim() || !t.zip_code.trim();

/** Requires setup: chose a plan that has not been set up in the facility software yet (as the counters). */
export const requiresSetup = (t: Pick<TenantRecord, 'status' | 'setup_insurance_date'>): boolean =>
  isCoverageChoice(t.status) && !t.setup_insurance_date;

/** Does the tenant belong under this filter key (list filter, tenant-filters badge)? */
export function matchesFilter(t: TenantRecord, key: TenantFilterKey): boolean {
  if (key === 'all') return true;
  if (key === 'tagged_for_removal') return t.tagged_for_removal;
  if (key === 'requires_setup') return requiresSetup(t);
  return groupOf(t) === key;
}

/** Lists sort by last name then first name; a business (no last name) sorts by its name. Case-free. */
export function sortNameOf(t: Pick<TenantRecord, 'first_name' | 'last_name'>): string {
  const last = (t.last_name ?? '').trim().toLowerCase();
  const first = t.first_name.trim().toLowerCase();
  return last ? `${last}#${first}` : `${first}#`;
}

/** The stored item: the record, its derived flags and its index keys. */
export function tenantItem(t: TenantRecord): Record<string, NativeAttributeValue> {
  const sortName = `${sortNameOf(t)}#${t.id}`;
  const item: Record<string, NativeAttributeValue> = {
    ...tenantKey(t.id), type: 'tenant', ...t,
    incomplete_address: isAddressIncomplete(t),
    // The Send Letters filters read this from the slim indexes: ' initial_letter_ready welcome_letter_ready '.
    mailing: ` ${mailingKeysOf(t).join(' ')} `,
    tcycpk: t.cycle_id, tcycsk: sortName,
    tfacpk: t.facility_id, tfacsk: sortName,
    tgrppk: `${t.facility_id}#${groupOf(t)}`, tgrpsk: sortName,
    // The program-wide name search: the name's words folded, in two readings (tenant-names.ts).
    ...nameIndexKeys(t),
    tunitpk: t.unit.trim().toLowerCase(), tunitsk: `${t.facility_number}#${sortName}`,
  };
  // Sparse indexes: the key is written only when the tenant belongs in the list.
  if (t.tagged_for_removal) Object.assign(item, { ttagpk: t.facility_id, ttagsk: sortName });
  if (requiresSetup(t)) Object.assign(item, { tsetpk: t.facility_id, tsetsk: sortName });
  if (t.insur_ledger_id.trim()) Object.assign(item, { tldgpk: t.insur_ledger_id.trim().toLowerCase(), tldgsk: t.id });
  Object.assign(item, emailIndexKeys(t));
  Object.assign(item, proofExpiryIndexKeys(t));
  return item;
}

/**
 * Is the tenant's proof one the daily schedule watches: accepted (Provided Proof with the date staff
 * gave it), with the day it ends, and no newer proof waiting for review (a renewal the tenant already
 * sent: staff decide it, nobody reminds the tenant of the old one, and it does not end the answer)?
 */
export const watchesProofExpiry = (t: Pick<TenantRecord, 'status' | 'provided_proof_date' | 'proof_expiry_date' | 'waiting_proof_id'>): boolean =>
  t.status === 'provide_proof' && Boolean(t.provided_proof_date) && Boolean(t.proof_expiry_date) && !t.waiting_proof_id;

/** The proof-expiry index's partition: the month of the day a proof ends ('2027-03'). */
export const proofExpiryMonthOf = (day: string): string => day.slice(0, 7);

/**
 * The texpiry index keys of a tenant whose accepted proof ends on a day (none otherwise: the index is
 * sparse). By month, sorted by the day, then facility and name: the daily schedule reads a day as one
 * Query (begins_with the day), the Proofs expiring list a range of days (BETWEEN), never a Scan.
 */
export function proofExpiryIndexKeys(t: Pick<TenantRecord, 'id' | 'facility_number' | 'first_name' | 'last_name' | 'status' | 'provided_proof_date' | 'proof_expiry_date' | 'waiting_proof_id'>): Record<string, string> {
  if (!watchesProofExpiry(t)) return {};
  const day = t.proof_expiry_date!;
  return { texpirypk: proofExpiryMonthOf(day), texpirysk: `${day}#${t.facility_number}#${sortNameOf(t)}#${t.id}` };
}

/** The one rule of proof_expiry_date: it is kept only while the tenant has Provided Proof (any other status clears it). */
export function proofExpiryRule<T extends Pick<TenantRecord, 'status' | 'proof_expiry_date'>>(t: T): T {
  return t.status === 'provide_proof' || t.proof_expiry_date === null ? t : { ...t, proof_expiry_date: null };
}

/** An e-mail address as the temail index keys it (and a search looks it up): trimmed, lower case. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** The temail index keys of a tenant with an e-mail address (none without one: the index is sparse). */
export function emailIndexKeys(t: Pick<TenantRecord, 'id' | 'email' | 'first_name' | 'last_name'>): Record<string, string> {
  const email = emailKeyOf(t.email ?? '');
  return email ? { temailpk: email, temailsk: `${sortNameOf(t)}#${t.id}` } : {};
}

/** Keys, index attributes (of every index of the table, so a new one needs no entry here) and the derived flags are not part of the record. */
const NOT_RECORD = new Set(['pk', 'sk', 'type', 'incomplete_address', 'mailing', ...APP_TABLE.indexes.flatMap((index) => [index.partitionKey, index.sortKey])]);

export function tenantFromItem(item: Record<string, NativeAttributeValue>): TenantRecord {
  const record: Record<string, unknown> = { ...TENANT_DEFAULTS };
  for (const [k, v] of Object.entries(item)) if (!NOT_RECORD.has(k)) record[k] = v;
  record.units = Array.isArray(record.units) ? record.units : [];
  return record as unknown as TenantRecord;
}
