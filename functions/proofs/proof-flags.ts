/**
 * The integrity flags of a read proof (issue 27): each is a fact staff should look at, with its reason
 * in plain words; none decides anything. Pure: the worker (proof-reading.ts) gathers what they compare.
 */
import { PROOF_FLAG_CODES } from '../../shared/proof-reading';
import type { DeclarationsFactsView, OtherProof, ProofFlag, ProofFlagCode } from '../../shared/proof-reading';
import { formatCalendarDate as formatDate } from '../../shared/format';

export interface FlagInputs {
  facts: DeclarationsFactsView;
  /** The PDF's own record of edits; null for images. */
  pdfEdited: { edited: boolean; reasons: string[] } | null;
  tenant: { first_name: string; last_name: string | null };
  /** What the tenant typed on the portal. */
  typed: { insurer: string; policy_expiry_date: string };
  /** The program's calendar day of the upload (yyyy-MM-dd). */
  uploadDay: string;
  /** When the facility's insurance requirement would start for this tenant (yyyy-MM-dd). */
  coverageStart: string;
  /** The program's minimum limit for property away from home, in dollars; null: none set. */
  minimumLimit: number | null;
  /** Other tenants' proofs standing (waiting or accepted) with the same policy number / the same file. */
  samePolicy: OtherProof[];
  sameFile: OtherProof[];
}

/** Days a policy must still run after the upload not to be flagged as ending soon. */
export const ENDS_SOON_DAYS = 30;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000);
const money = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** Lower case, accents and punctuation gone: 'Zoë O\'Brien-Díaz' -> ['zoe', 'obrien', 'diaz']. */
export function nameTokens(name: string): string[] {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’.]/g, '')
    .split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * Whether the named insured names the tenant, allowing for order ('Doe, Jane'), initials ('J. Doe'),
 * case, accents, a middle name and co-insureds ('Jane & John Doe'): every part of the tenant's last name
 * appears, and the first name appears whole or as its initial. A tenant listed by one name (a company)
 * needs all its words.
 */
export function namesMatch(tenant: { first_name: string; last_name: string | null }, insured: string): boolean {
  const words = new Set(nameTokens(insured));
  const last = nameTokens(tenant.last_name ?? '');
  const first = nameTokens(tenant.first_name);
  if (last.length === 0) return first.length > 0 && first.every((w) => words.has(w));
  if (!last.every((w) => words.has(w))) return false;
  if (first.length === 0) return true;
  const [given] = first;
  return words.has(given!) || [...words].some((w) => w.length === 1 && w === given![0]);
}

/** An insurer's name without the words every insurer's name carries: 'State Farm Fire and Casualty Co.' -> 'statefarmfireandcasualty'. */
function insurerKey(name: string): string {
  const filler = new Set(['insurance', 'ins', 'company', 'co', 'inc', 'corp', 'corporation', 'group', 'the', 'of', 'llc', 'ltd']);
  return nameTokens(name).filter((w) => !filler.has(w)).join('');
}

/** Whether two insurer names are the same company as far as their words tell: one is the start of, or inside, the other. */
export function insurersMatch(typed: string, read: string): boolean {
  const a = insurerKey(typed);
  const b = insurerKey(read);
  if (!a || !b) return true;
  return a.includes(b) || b.includes(a);
}

const othersText = (others: OtherProof[]) => others.slice(0, 3)
  .map((o) => `${o.name} (facility ${o.facility_number}, unit ${o.unit}, ${o.review})`).join('; ') + (others.length > 3 ? ` and ${others.length - 3} more` : '');

const TWIN_CODES: readonly ProofFlagCode[] = ['same_policy_number', 'same_file'];

/** The flags naming other tenants' proofs with the same policy number or the same file. */
export function twinFlags(policyNumber: string | null, twins: Pick<FlagInputs, 'samePolicy' | 'sameFile'>): ProofFlag[] {
  const flags: ProofFlag[] = [];
  if (twins.samePolicy.length > 0) {
    flags.push({ code: 'same_policy_number', reason: `Policy number ${policyNumber ?? ''} is also on the proof of ${othersText(twins.samePolicy)}.`, others: twins.samePolicy });
  }
  if (twins.sameFile.length > 0) {
    flags.push({ code: 'same_file', reason: `The same file (byte for byte) was uploaded as the proof of ${othersText(twins.sameFile)}.`, others: twins.sameFile });
  }
  return flags;
}

/**
 * A stored reading's flags with the other tenants' proofs as they stand now: a twin decided or replaced
 * since the reading no longer counts, and a proof uploaded since by another tenant does. Flags keep their order.
 */
export function withCurrentTwins(flags: readonly ProofFlag[], policyNumber: string | null, twins: Pick<FlagInputs, 'samePolicy' | 'sameFile'>): ProofFlag[] {
  const order = (f: ProofFlag) => PROOF_FLAG_CODES.indexOf(f.code);
  return [...flags.filter((f) => !TWIN_CODES.includes(f.code)), ...twinFlags(policyNumber, twins)].sort((a, b) => order(a) - order(b));
}

export function proofFlags(input: FlagInputs): ProofFlag[] {
  const { facts } = input;
  const flags: ProofFlag[] = [];
  const insured = facts.named_insured?.value;
  if (insured && !namesMatch(input.tenant, insured)) {
    const tenantName = [input.tenant.first_name, input.tenant.last_name].filter(Boolean).join(' ');
    flags.push({ code: 'name_mismatch', reason: `The page names "${insured}" as the insured; the tenant is ${tenantName}.` });
  }
  const end = facts.period_end?.value;
  if (end && end < input.coverageStart) {
    flags.push({ code: 'ends_before_coverage', reason: `The policy ends on ${formatDate(end)}, before the facility's coverage requirement starts on ${formatDate(input.coverageStart)}.` });
  } else if (end && dayNumber(end) - dayNumber(input.uploadDay) <= ENDS_SOON_DAYS) {
    flags.push({ code: 'ends_soon', reason: `The policy ends on ${formatDate(end)}, within ${ENDS_SOON_DAYS} days of the upload (${formatDate(input.uploadDay)}).` });
  }
  if (end && end !== input.typed.policy_expiry_date) {
    flags.push({ code: 'typed_expiry_differs', reason: `The tenant typed ${formatDate(input.typed.policy_expiry_date)} as the expiry; the page says ${formatDate(end)}.` });
  }
  const insurer = facts.insurer?.value;
  if (insurer && !insurersMatch(input.typed.insurer, insurer)) {
    flags.push({ code: 'typed_insurer_differs', reason: `The tenant typed "${input.typed.insurer}" as the insurer; the page names ${insurer}.` });
  }
  flags.push(...twinFlags(facts.policy_number?.value ?? null, input));
  const offPremises = facts.off_premises?.value;
  const limit = facts.off_premises_limit?.value;
  if (offPremises === false) {
    flags.push({ code: 'no_off_premises', reason: 'The page says personal property away from the insured\'s home (off premises, in storage) is not covered.' });
  } else if (offPremises == null && limit == null) {
    flags.push({ code: 'no_off_premises', reason: 'The page says nothing the reader found about personal property away from the insured\'s home (off premises, in storage).' });
  }
  if (limit != null && input.minimumLimit != null && limit < input.minimumLimit) {
    flags.push({ code: 'limit_below_minimum', reason: `The limit for property away from home is ${money(limit)}, below the program's minimum of ${money(input.minimumLimit)}.` });
  }
  if (input.pdfEdited?.edited) {
    flags.push({ code: 'pdf_edited', reason: `The PDF was changed after it was made: ${input.pdfEdited.reasons.join('; ')}.` });
  }
  return flags;
}
