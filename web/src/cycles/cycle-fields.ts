/** The dates of a cycle as its dialogs show them, in the spec's order. */
export const CYCLE_DATE_FIELDS = [
  ['initial_letter_send_date', 'Initial Letter Date'],
  ['reminder_letter_send_date', 'Reminder Letter Date'],
  ['letter_effective_date', 'Letter Effective Date'],
  ['lease_effective_date', 'Lease Effective Date'],
  ['update_responses_deadline_date', 'Update Responses Deadline'],
  ['tag_for_removal_deadline_date', 'Tag For Removal Deadline'],
  ['setup_coverage_start_date', 'Setup Coverage Start'],
  ['setup_coverage_end_date', 'Setup Coverage End'],
  ['monitor_payment_start_date', 'Monitor For Payment Start'],
  ['monitor_payment_end_date', 'Monitor For Payment End'],
] as const;

export type CycleDateField = (typeof CYCLE_DATE_FIELDS)[number][0];
export type CycleDates = Record<CycleDateField, string | null>;

/** Cycle and archive dialogs type dates as MM/dd/yyyy (spec §9). */
export const CYCLE_DIALOG_DATE_FORMAT = 'MM/dd/yyyy';
