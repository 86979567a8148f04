/**
 * Issue 27: the program's reminder e-mails (a proof of insurance about to end, a response deadline near)
 * carry a one-click unsubscribe: the List-Unsubscribe and List-Unsubscribe-Post headers mailbox providers
 * POST to (RFC 8058), and a link in the text to the portal's page that asks before it stops them. The
 * token is the program's signature of the address (functions/reminders/unsubscribe-token.ts), so the
 * route needs no session; it stops reminders only, never letters or answers' confirmations.
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';

export const unsubscribeQuery = z.object({
  token: z.string({ error: 'The unsubscribe link is incomplete: open the whole link from the e-mail.' }).trim()
    .min(1, 'The unsubscribe link is incomplete: open the whole link from the e-mail.').max(1000, 'This unsubscribe link is not valid.'),
});

/** What the link's page shows: the address it stops reminders to, and whether they are stopped already. */
export const unsubscribeView = z.object({
  address: z.string(),
  unsubscribed: z.boolean(),
  unsubscribed_at: z.string().nullable(),
});
export type UnsubscribeView = z.infer<typeof unsubscribeView>;

/** The refusal of a link the program did not sign, or one edited or cut short (400; nothing changes). */
export const UNSUBSCRIBE_LINK_REFUSED = 'This unsubscribe link is not valid. Open the link from the e-mail again, or reply to the e-mail and ask us to stop reminders.';

export const REMINDER_CONTRACTS = {
  'GET /api/email/unsubscribe': {
    summary: 'The address a reminder\'s unsubscribe link names, and whether its reminders are stopped (public; changes nothing)',
    query: unsubscribeQuery, response: unsubscribeView,
  },
  'POST /api/email/unsubscribe': {
    summary: 'Stop the program\'s reminder e-mails to the address the link names (public; one-click, RFC 8058)',
    query: unsubscribeQuery,
    /** A mailbox provider's one-click POST says 'List-Unsubscribe=One-Click' (urlencoded); the portal's page sends nothing. */
    body: z.object({ 'List-Unsubscribe': z.string().max(40).optional() }),
    response: unsubscribeView,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
