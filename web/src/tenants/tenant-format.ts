/** How the staff tenant screens show a tenant's name, units, status and welcome letter (spec §2 Reading B). */
import { TENANT_STATUS_LABELS } from '../../../shared/contracts/tenants';
import type { TenantStatus, TenantView } from '../../../shared/contracts/tenants';

type Named = Pick<TenantView, 'first_name' | 'last_name'>;

/** 'Last, First' (or the first name alone when there is no last name). */
export const tenantName = (t: Named): string => (t.last_name ? `${t.last_name}, ${t.first_name}` : t.first_name);

/** 'First Last', as the toasts and modal headers say it. */
export const fullName = (t: Named): string => [t.first_name, t.last_name].filter(Boolean).join(' ');

/** The unit identifiers of a tenant with several units, else its unit. */
export const unitsText = (t: Pick<TenantView, 'unit' | 'units'>): string => t.units.map((u) => u.identifier).join(', ') || t.unit;

const isStaffStatus = (status: string): status is TenantStatus => status in TENANT_STATUS_LABELS;

/** The current status as staff choose it: null is 'no_response'; anything else is a chosen coverage plan. */
export const currentStatusOf = (t: Pick<TenantView, 'status'>): string => t.status ?? 'no_response';

/** 'No response' when none (spec §2), the status's label, or 'Selected Coverage' for a coverage plan. */
export function statusLabel(status: string | null): string {
  if (status === null || status === 'no_response') return 'No response';
  return isStaffStatus(status) ? TENANT_STATUS_LABELS[status] : 'Selected Coverage';
}

/** The welcome letter cell: mailed, certificate emailed, both, or NULL. */
export function welcomeLetterText(t: Pick<TenantView, 'welcome_letter_sent_date' | 'welcome_certificate_emailed_date'>): string {
  if (t.welcome_letter_sent_date && t.welcome_certificate_emailed_date) return 'Mailed + certificate emailed';
  if (t.welcome_letter_sent_date) return 'Mailed';
  if (t.welcome_certificate_emailed_date) return 'Certificate emailed';
  return 'NULL';
}
