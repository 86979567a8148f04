/**
 * A tenant's history in people's words (issue 24, "One tenant's whole story"): each action said as what
 * happened, each field by the label its screen gives it, plans as '$12 per month for $2,000 coverage',
 * dates as the app shows them (M/DD/YYYY) — never `status: (blank) -> cov-2000-12`. Used by the History
 * tab of both Edit Tenant modals and by the tenant page.
 */
import { LETTER_TYPE_LABELS, MAILED_LETTER_TYPES } from '../../../shared/contracts/letters';
import type { HistoryEntry } from '../../../shared/contracts/tenants';
import { formatAccessCode } from '../../../shared/access-code';
import { statusText } from '../manager-audit/tenant-rules';
import { planOfCoverageId } from '../../../shared/coverage-ids';
import { formatWireDate } from '../widgets/date-format';
import { DATE_FIELDS, TEXT_FIELDS } from './tenant-form';

/** Every field a tenant write can change, by the label its screen (Edit Tenant, the lists) gives it. */
const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(TEXT_FIELDS),
  ...Object.fromEntries(DATE_FIELDS),
  state: 'State',
  note: 'Note',
  note_created: 'Note Date',
  monitor_note: 'Monitor Note',
  access_code: 'Access Code',
  status: 'Status',
  coverage_id: 'Coverage',
  tenant_made_selection: 'Chosen by the tenant (T)',
  tagged_for_removal: 'Tagged for removal',
  charge_applied_date: 'Charge Applied',
  charge_confirmed_date: 'Charge Confirmed',
  setup_insurance_date: 'Setup Confirmed',
  setup_via_api: 'Set up through the API',
  api_confirmed: 'API Confirmed',
  original_insurance_effective_date: 'Original Insurance Effective Date',
  initial_letter_sent_date: 'Audit Letter Sent',
  reminder_letter_sent_date: 'Reminder Letter Sent',
  welcome_letter_sent_date: 'Welcome Letter Mailed',
  welcome_certificate_emailed_date: 'Welcome Certificate Emailed',
  provided_proof_date: 'Provided Proof',
  opt_out_date: 'Opted Out',
  move_out_date: 'Moved Out',
  bad_address_date: 'Bad Address',
  policy_errors_date_logged: 'Last Setup Error Date',
  policy_errors_error_message: 'Last Setup Error',
  country: 'Country',
  email_suppression: 'Returned e-mail',
  proof_expiry_date: 'Proof Expires',
  language: 'Language',
  reminder_email: 'Reminder e-mail',
  reminder_emails: 'Reminder e-mails',
};

/** 'some_field' as 'Some field', for a field no screen names yet. */
const spoken = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? spoken(field);

const BLANK = '(blank)';
const WIRE_DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** When something happened, as the app shows a time: the viewer's calendar day M/DD/YYYY and the time. */
export function timeText(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const day = `${d.getMonth() + 1}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  return `${day} ${d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** A YYYY-MM-DD date as the app shows it (M/DD/YYYY). */
export const dayText = (wire: string): string => formatWireDate(wire.slice(0, 10), 'M/dd/yyyy');

/** One value of a field as the screens show it. */
export function valueText(field: string, value: unknown): string {
  if (field === 'status') return statusText(typeof value === 'string' && value ? value : null);
  if (value === null || value === undefined || value === '') return BLANK;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const items = value.map((v) => (v && typeof v === 'object' && 'identifier' in v ? String(v.identifier) : valueText(field, v)));
    return items.join(', ') || BLANK;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'coverage_id') {
    const plan = planOfCoverageId(text);
    return plan ? statusText(text) : text;
  }
  if (field === 'access_code') return formatAccessCode(text);
  if (WIRE_DATE.test(text)) return dayText(text);
  if (ISO_TIME.test(text)) return timeText(text);
  return text;
}

/** 'City: Springfield → Testville'. */
export const changeText = (change: HistoryEntry['changes'][number]): string =>
  `${fieldLabel(change.field)}: ${valueText(change.field, change.from)} → ${valueText(change.field, change.to)}`;

const ACTIONS: Record<string, string> = {
  import: 'Imported',
  seed: 'Demo data',
  staff_edit: 'Staff edit',
  status_change: 'Status changed by staff',
  bulk_edit: 'Bulk edit',
  payment_confirmed: 'Payment confirmed',
  reset: 'Reset to no response',
  delete: 'Deleted',
  manager_edit: 'Manager edit',
  tag_for_removal: 'Tagged for removal by the manager',
  charge_confirmed: 'Charge confirmed by the manager',
  charge_check: 'Charge confirmed by Check Charges',
  respond_coverage: 'Chose a plan on the portal',
  respond_opt_out: 'Opted out on the portal',
  respond_proof: 'Uploaded proof on the portal',
  proof_accepted: 'Proof accepted',
  proof_rejected: 'Proof rejected',
  policy_setup: 'Insurance set up in the facility software',
  policy_setup_failed: 'Insurance setup failed',
  ledger_sync: 'Synced from the facility software',
  ineligible_moved_out: 'Removed: moved out in the facility software',
  ineligible_not_found: 'Removed: not found in the facility software',
  ineligible_insured: 'Removed: already insured in the facility software',
  restored: 'Restored from Removed Tenants',
  archive: 'Archived',
  archive_restore: 'Restored from an archive',
  access_code_migration: 'Given a program access code',
  email_returned: 'E-mail returned (bounce or complaint)',
  email_not_sent: 'E-mail not sent: the address is suppressed',
  email_suppression_cleared: 'Returned-e-mail flag cleared',
  welcome_certificate_withdrawn: 'Welcome certificate not sent (the address is suppressed): ready for a welcome letter by post',
  proof_expired: 'Proof of insurance ended: back to no response for the next letter',
  proof_expiry_reminder_emailed: 'Reminder e-mailed: the proof of insurance ends soon',
  deadline_reminder_emailed: 'Reminder e-mailed: the response deadline is near',
  reminders_unsubscribed: 'Reminder e-mails stopped by the recipient',
  ...Object.fromEntries(MAILED_LETTER_TYPES.map((type) => [`${type}_letter_generated`, `${LETTER_TYPE_LABELS[type]} letter generated`])),
};

/** What happened, in words: 'Audit letter generated', 'Proof accepted'; an undone part of a bulk action says so. */
export function actionText(action: string): string {
  const undone = action.endsWith('_undone');
  const base = undone ? action.slice(0, -'_undone'.length) : action;
  const text = ACTIONS[base] ?? spoken(base);
  return undone ? `${text} (undone)` : text;
}

/** Who did it: the user, or the tenant on the portal (with how that session was signed in, for a dispute). */
export function actorText(entry: HistoryEntry): string {
  if (!entry.sign_in) return entry.by.username;
  const from = entry.sign_in.address ? ` from ${entry.sign_in.address}` : '';
  return `${entry.by.username} (signed in with the access code and ZIP code at ${timeText(entry.sign_in.at)}${from})`;
}
