/**
 * Worker for the email-events queue: SES's bounce, complaint and delivery events (functions/email/email-events.ts).
 */
import { handleEmailEvents } from '../email/email-events';

export const handler = handleEmailEvents;
