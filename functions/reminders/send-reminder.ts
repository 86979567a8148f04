/**
 * Sending one reminder (issue 27): claim it (reminder-claims.ts), send it through the program's one way
 * of sending (functions/email/outgoing-email.ts: a suppressed address is not sent to, and the skip is on
 * the tenant's history), record what became of it, and put the e-mail on the tenant's history.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import { portalUrl, portalUrlWithCode, programSiteUrl } from '../../shared/access-code';
import { dynamo } from '../aws/clients';
import { sendRawEmail } from '../email/outgoing-email';
import { logger } from '../runtime/logger';
import { recordMetric } from '../runtime/metrics';
import { historyNotePut } from '../tenants/tenant-history';
import type { Actor } from '../tenants/tenant-history';
import type { TenantRecord } from '../tenants/tenant-record';
import { claimReminder, releaseReminder, settleReminder } from './reminder-claims';
import { reminderMessage } from './reminder-email';
import type { Reminder, ReminderFacts } from './reminder-email';
import { unsubscribeToken } from './unsubscribe-token';

/** The daily schedule, as the actor of the history entries it writes. */
export const SCHEDULE_ACTOR: Actor = { user_id: 'schedule', username: 'Daily schedule' };

export type ReminderOutcome = 'sent' | 'suppressed' | 'already_sent' | 'failed';

export interface ReminderToSend {
  tenant: TenantRecord;
  facilityName: string;
  reminder: Reminder;
  /** The claim's sort key (proofExpiryClaim, deadlineClaim) and the day it concerns (its TTL counts from it). */
  claim: string;
  about: string;
}

const WHAT = {
  proof_expiry: { history: 'proof_expiry_reminder_emailed', metric: 'proof_expiry_reminder', skip: 'Proof expiry reminder e-mail' },
  deadline: { history: 'deadline_reminder_emailed', metric: 'deadline_reminder', skip: 'Response deadline reminder e-mail' },
} as const;

/** What the tenant's history says of a reminder sent. */
function sentNote(r: Reminder, to: string): string {
  return r.kind === 'proof_expiry'
    ? `Reminder e-mailed to ${to}: the proof of insurance ends ${r.endsOn} (${r.daysBefore} days before)`
    : `Reminder e-mailed to ${to}: the response deadline is ${r.deadline}`;
}

/** The facts of the e-mail: the portal link with the tenant's code, the unsubscribe addresses with the signed token. */
export async function reminderFacts(s: ReminderToSend, program: ProgramSettingsValues): Promise<ReminderFacts> {
  const { tenant } = s;
  const language = tenant.language ?? 'en';
  const token = await unsubscribeToken(tenant.email);
  return {
    to: tenant.email.trim(), language, firstName: tenant.first_name, facilityName: s.facilityName,
    units: tenant.units.length > 0 ? tenant.units : [tenant.unit], reminder: s.reminder,
    // Every tenant has a program code since the migration; one without would get the portal's address alone.
    portalLink: tenant.access_code ? portalUrlWithCode(program.website, tenant.access_code, language) : `${portalUrl(program.website)}${language === 'es' ? '?lang=es' : ''}`,
    unsubscribeUrl: `${programSiteUrl(program.website)}/api/email/unsubscribe?token=${token}`,
    unsubscribePage: `${portalUrl(program.website)}${language === 'es' ? '?lang=es' : ''}#unsubscribe=${token}`,
    program,
  };
}

export async function sendReminder(s: ReminderToSend, program: ProgramSettingsValues): Promise<ReminderOutcome> {
  const { tenant, reminder } = s;
  const what = WHAT[reminder.kind];
  if (!(await claimReminder(tenant.id, s.claim, s.about))) return 'already_sent';
  const facts = await reminderFacts(s, program);
  try {
    const outcome = await sendRawEmail(facts.to, (from) => reminderMessage(facts, from), { tenants: [tenant], actor: SCHEDULE_ACTOR, what: what.skip });
    if (!outcome.sent) {
      await settleReminder(tenant.id, s.claim, { state: 'suppressed' });
      return 'suppressed';
    }
    await settleReminder(tenant.id, s.claim, { state: 'sent', messageId: outcome.messageId });
    const at = new Date().toISOString();
    await dynamo().send(new PutCommand(historyNotePut(tenant, { actor: SCHEDULE_ACTOR, action: what.history }, [
      { field: 'reminder_email', from: null, to: sentNote(reminder, facts.to) },
    ], at).Put));
    recordMetric('EmailsSent', 1, what.metric);
    return 'sent';
  } catch (error) {
    // Given back, so the next run sends it; the others of this run go on.
    logger.error('reminder e-mail not sent', { error: error as Error, tenant_id: tenant.id, reminder: reminder.kind });
    await releaseReminder(tenant.id, s.claim);
    return 'failed';
  }
}
