/**
 * Proofs expiring (issue 27; docs/decisions.md "Proofs expiring (issue 27)"): the tenants whose
 * accepted proof of insurance ends today or within the next days, read from the proof-expiry index
 * (texpiry: by month, sorted by `{day}#{facility number}#{sortName}#{id}`; tenant-record.ts
 * proofExpiryIndexKeys), which holds only the tenants whose accepted proof is watched.
 *
 * One Query per day of the window (begins_with the day, and the facility number when the list names
 * one), keys only, DAYS_IN_FLIGHT at a time; each day answers in the index's order (facility, then
 * name) and the days are joined in date order, so the merged list is ordered by the day the proof
 * ends. The keys of the whole window are read on every request: they are what the counts count and
 * what a page is cut from. Never a Scan: what is read is what is due, then the page's tenants, their
 * facilities and their proofs.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import pLimit from 'p-limit';
import { PROOF_EXPIRY_SOON_DAYS } from '../../shared/contracts/proofs-expiring';
import type { ProofExpiringRow, ProofsExpiringCounts } from '../../shared/contracts/proofs-expiring';
import { dynamo } from '../aws/clients';
import { tableName } from '../aws/config';
import { getFacilitiesByIds, getFacilityByNumber } from '../facilities/facility-store';
import type { FacilityEntry } from '../facilities/facility-store';
import { readCatalog } from '../program/catalog';
import { newestProofOf } from '../proofs/proof-review-store';
import { addDays, daysBetween } from '../reminders/reminder-days';
import { proofExpiryMonthOf, tenantIdOfKey, watchesProofExpiry } from './tenant-record';
import { getTenants } from './tenant-store';

/** The day Queries in flight at once: a 31-day window is a few rounds, and the table never sees 31 at once. */
const DAYS_IN_FLIGHT = 8;
/** The proofs read at once for the page's insurers (one Query each, Limit 1). */
const PROOF_READS_IN_FLIGHT = 10;

/** Which proofs the list holds: the program's today and the days after it, and the filters. */
export interface ExpiringScope {
  /** Today in the program's time zone (YYYY-MM-DD). */
  today: string;
  /** Today and this many days after it. */
  withinDays: number;
  /** The facility number as typed (any case); none: every facility. */
  facilityNumber?: string;
  /** An insurance program's key; none: every program. */
  programKey?: string;
}

/** One proof in the index: its tenant, the day it ends, the facility number and the index's sort key (the list's order). */
export interface DueProof {
  tenantId: string;
  day: string;
  facilityNumber: string;
  sortKey: string;
}

export const lastDayOf = (scope: Pick<ExpiringScope, 'today' | 'withinDays'>): string => addDays(scope.today, scope.withinDays);

/** The index's sort key `{day}#{facility number}#…`: the facility number is its second part (numbers are letters, digits and '-'). */
const facilityNumberOfKey = (sortKey: string): string => sortKey.split('#', 2)[1] ?? '';

/** The keys of the proofs ending on `day` (of one facility when `facilityNumber` is given): one Query, every page. */
async function dueOn(day: string, facilityNumber: string | null): Promise<DueProof[]> {
  const prefix = facilityNumber ? `${day}#${facilityNumber}#` : `${day}#`;
  const due: DueProof[] = [];
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: tableName(), IndexName: 'texpiry',
      KeyConditionExpression: 'texpirypk = :month AND begins_with(texpirysk, :day)',
      ExpressionAttributeValues: { ':month': proofExpiryMonthOf(day), ':day': prefix },
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) {
      const sortKey = item.texpirysk as string;
      due.push({ tenantId: tenantIdOfKey(item.pk as string), day, facilityNumber: facilityNumberOfKey(sortKey), sortKey });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return due;
}

/**
 * The facility numbers (lower case) the filters allow, or null for every facility. A facility that is
 * not in the program, or a program with no facility, allows none: the list is then empty without a read
 * of the index.
 */
async function allowedFacilities(scope: ExpiringScope): Promise<{ named: string | null; allowed: ReadonlySet<string> | null }> {
  const typed = scope.facilityNumber?.trim();
  // Typed case-free, as the other facility filters: the facility's own spelling is the one in the index.
  const named = typed ? (await getFacilityByNumber(typed))?.facility_number ?? null : null;
  if (typed && !named) return { named: null, allowed: new Set() };
  if (!scope.programKey) return { named, allowed: null };
  const inProgram = (await readCatalog<FacilityEntry>('facilities'))
    .filter((e) => e.insurance_program_key === scope.programKey)
    .map((e) => e.facility_number.toLowerCase());
  const allowed = new Set(named ? inProgram.filter((n) => n === named.toLowerCase()) : inProgram);
  return { named, allowed };
}

/** Every proof of the window under the filters, ordered by the day it ends, then facility and name. */
export async function dueProofs(scope: ExpiringScope): Promise<DueProof[]> {
  const { named, allowed } = await allowedFacilities(scope);
  if (allowed && allowed.size === 0) return [];
  const limit = pLimit(DAYS_IN_FLIGHT);
  const days = Array.from({ length: scope.withinDays + 1 }, (_, i) => addDays(scope.today, i));
  const perDay = await Promise.all(days.map((day) => limit(() => dueOn(day, named))));
  const all = perDay.flat();
  return allowed ? all.filter((d) => allowed.has(d.facilityNumber.toLowerCase())) : all;
}

export function countsOf(due: readonly DueProof[], today: string): ProofsExpiringCounts {
  const soon = addDays(today, PROOF_EXPIRY_SOON_DAYS);
  return {
    total: due.length,
    within_7_days: due.filter((d) => d.day <= soon).length,
    ends_today: due.filter((d) => d.day === today).length,
  };
}

/**
 * The rows of these proofs, in their order: the tenants as they are now (one the index still lists a
 * moment after a change that took it off is left out), their facilities (number, name, program) and the
 * insurer of each tenant's newest proof, the accepted one (a newer proof would have taken the tenant off
 * the index).
 */
export async function rowsOf(due: readonly DueProof[], today: string): Promise<ProofExpiringRow[]> {
  if (due.length === 0) return [];
  const tenants = new Map((await getTenants(due.map((d) => d.tenantId))).map((t) => [t.id, t]));
  const current = due.flatMap((d) => {
    const t = tenants.get(d.tenantId);
    return t && watchesProofExpiry(t) && t.proof_expiry_date === d.day ? [{ due: d, tenant: t }] : [];
  });
  const limit = pLimit(PROOF_READS_IN_FLIGHT);
  const [facilities, proofs] = await Promise.all([
    getFacilitiesByIds([...new Set(current.map((c) => c.tenant.facility_id))]),
    Promise.all(current.map((c) => limit(() => newestProofOf(c.tenant.id)))),
  ]);
  return current.map(({ due: d, tenant: t }, i) => {
    const facility = facilities.get(t.facility_id);
    const proof = proofs[i];
    return {
      tenant_id: t.id, first_name: t.first_name, last_name: t.last_name, unit: t.unit, email: t.email,
      facility_id: t.facility_id, facility_number: t.facility_number, account_name: facility?.account_name ?? '',
      insurance_program_key: facility?.insurance_program_key ?? '', insurance_program_label: facility?.insurance_program_label ?? '',
      insurer: proof && proof.review === 'accepted' ? proof.insurer : null,
      proof_expiry_date: d.day, days_left: daysBetween(today, d.day),
    };
  });
}

/** Rows are read this many at a time for an export: a page's worth of tenants, facilities and proofs. */
const EXPORT_ROWS_AT_ONCE = 100;

/** The whole list for a workbook: its length, and its rows read a hundred at a time as the sheet is written. */
export async function proofsExpiringForExport(scope: ExpiringScope): Promise<{ rows: AsyncIterable<ProofExpiringRow>; total: number }> {
  const due = await dueProofs(scope);
  async function* rows(): AsyncIterable<ProofExpiringRow> {
    for (let i = 0; i < due.length; i += EXPORT_ROWS_AT_ONCE) yield* await rowsOf(due.slice(i, i + EXPORT_ROWS_AT_ONCE), scope.today);
  }
  return { rows: rows(), total: due.length };
}
