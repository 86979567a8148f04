/**
 * Returned e-mail (issue 26): what the program knows of an address SES bounced, a reader complained
 * about, or SES delivered to. Kept by address (functions/email/email-suppression.ts), shown on the page of each tenant with it.
 */
import * as z from 'zod';

export const emailSuppression = z.object({
  /** Trimmed, lower case. */
  address: z.string(),
  /** No e-mail goes to it while true (each skipped send is on the tenant's history). */
  suppressed: z.boolean(),
  /** Why, as SES said: 'Permanent bounce (NoEmail): 550 5.1.1 …', 'Complaint (abuse)'; the last one when cleared. */
  reason: z.string().nullable(),
  /** When SES reported it (ISO). */
  suppressed_at: z.string().nullable(),
  /** Transient bounces (mailbox full, server down) on record: counted, never suppressing the address. */
  transient_bounces: z.number(),
  last_transient_bounce_at: z.string().nullable(),
  /** Deliveries SES reported (the recipient's server accepted the mail), and the last one. */
  deliveries: z.number(),
  last_delivered_at: z.string().nullable(),
  /** Staff clearing the flag: when and who. */
  cleared_at: z.string().nullable(),
  cleared_by: z.string().nullable(),
});
export type EmailSuppression = z.infer<typeof emailSuppression>;
