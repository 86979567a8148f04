/**
 * The e-mail a tenant gets when staff reject the proof it uploaded (issue 18): the reason in the
 * reviewer's words, and where to upload again (the portal's address from the program's website
 * setting, with the access code of the letter). In the program's voice, as the letters are.
 */
import { portalUrl } from '../../shared/access-code';
import type { TextEmail } from '../aws/email';
import { recordMetric } from '../runtime/metrics';
import { sendTextEmail } from '../email/outgoing-email';
import type { SendOutcome } from '../email/outgoing-email';
import type { Actor } from '../tenants/tenant-history';
import { facilityName, greeting, phoneNumber } from '../letters/letter-text';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import type { TenantRecord } from '../tenants/tenant-record';
import type { ProofRecord } from './proof-record';

export interface RejectionFacts {
  tenant: Pick<TenantRecord, 'id' | 'facility_id' | 'first_name' | 'last_name' | 'email'>;
  /** The unit only: the insurer's name is the tenant's typing, never quoted in the program's mail (security issue 23). */
  proof: Pick<ProofRecord, 'unit'>;
  facility: { account_name: string; facility_number: string };
  reason: string;
  program: Pick<ProgramSettingsValues, 'program_name' | 'email' | 'phone' | 'website'>;
}

export function rejectionEmail(facts: RejectionFacts): TextEmail {
  const { tenant, proof, program } = facts;
  const place = facilityName(facts.facility);
  return {
    to: tenant.email.trim(),
    fromName: program.program_name,
    replyTo: program.email,
    subject: `Your proof of insurance was not accepted - ${place}`,
    lines: [
      greeting(tenant),
      '',
      `Thank you for sending proof of your own insurance for unit ${proof.unit} at ${place}. We reviewed it and could not accept it, for this reason:`,
      '',
      facts.reason,
      '',
      `You can upload a new proof at ${portalUrl(program.website)} with the access code and ZIP code printed on your letter. The declarations page must show your insurance company and your policy's expiry date. You can also choose one of the facility's coverage plans there instead.`,
      '',
      `If you have questions, reply to this e-mail or call us at ${phoneNumber(program.phone)}.`,
      '',
      program.program_name,
    ],
  };
}

/** Sends it, unless the tenant's address is suppressed (returned e-mail: the skip is on the tenant's history). */
export async function sendRejectionEmail(facts: RejectionFacts, reviewer: Actor): Promise<SendOutcome> {
  const outcome = await sendTextEmail(rejectionEmail(facts), { tenants: [facts.tenant], actor: reviewer, what: 'Proof rejection e-mail' });
  if (outcome.sent) recordMetric('EmailsSent', 1, 'proof_rejection');
  return outcome;
}
