/**
 * The e-mail that confirms a portal answer, when the tenant gives an address: what they chose, in
 * English or Spanish (the page's language), from the program's name with Reply-To the program's own
 * address (functions/aws/email.ts). Plain text: it repeats the answer, it carries nothing to click.
 *
 * Only the program's words and the records' facts go out (security issue 23): the address it goes to is
 * whatever the tenant typed, so nothing else the tenant typed (the insurer's name of a proof) is ever
 * quoted, lest the program's mail carry someone's text to a stranger.
 */
import type { RespondLanguage } from '../../shared/contracts/respond';
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import { formatPhone } from '../../shared/format';
import { sendTextEmail } from '../email/outgoing-email';
import type { MailFor, SendOutcome } from '../email/outgoing-email';
import { recordMetric } from '../runtime/metrics';

export type ConfirmedAnswer =
  | { kind: 'coverage'; coverage: number; premium: number; effective_date: string }
  | { kind: 'opt_out' }
  | { kind: 'proof'; policy_expiry_date: string };

export interface Confirmation {
  to: string;
  language: RespondLanguage;
  firstName: string;
  facilityName: string;
  units: readonly string[];
  answer: ConfirmedAnswer;
  /** The last day the answer may be changed online; null when the cycle has none. */
  deadline: string | null;
  program: ProgramSettingsValues;
}

const LOCALE: Record<RespondLanguage, string> = { en: 'en-US', es: 'es-US' };

const money = (language: RespondLanguage, amount: number, cents: boolean) => new Intl.NumberFormat(LOCALE[language], {
  style: 'currency', currency: 'USD', minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0,
}).format(amount);

/** A yyyy-MM-dd date as people read it ('January 15, 2027', '15 de enero de 2027'), without shifting the day. */
const longDate = (language: RespondLanguage, iso: string) => new Intl.DateTimeFormat(LOCALE[language], {
  year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC',
}).format(new Date(`${iso}T00:00:00Z`));

const TEXT = {
  en: {
    subject: (facility: string) => `We received your answer - ${facility}`,
    greeting: (name: string) => `Dear ${name},`,
    received: (units: string, facility: string) => `We received your answer to the tenant insurance letter for ${units} at ${facility}.`,
    unit: (list: readonly string[]) => (list.length === 1 ? `unit ${list[0]}` : `units ${list.join(', ')}`),
    coverage: (a: Extract<ConfirmedAnswer, { kind: 'coverage' }>, l: RespondLanguage) =>
      `You chose coverage of ${money(l, a.coverage, false)} for ${money(l, a.premium, true)} a month, starting ${longDate(l, a.effective_date)}.`,
    optOut: 'You opted out of the tenant protection plan.',
    proof: (a: Extract<ConfirmedAnswer, { kind: 'proof' }>, l: RespondLanguage) =>
      `We received your proof of insurance, for a policy expiring ${longDate(l, a.policy_expiry_date)}. Our staff will review it; if it cannot be accepted, sign in again with your access code to see why.`,
    change: (deadline: string, l: RespondLanguage) => `You can change your answer online with your access code until ${longDate(l, deadline)}.`,
    questions: (phone: string) => (phone ? `Questions? Call us at ${phone} or reply to this e-mail.` : 'Questions? Reply to this e-mail.'),
  },
  es: {
    subject: (facility: string) => `Recibimos su respuesta - ${facility}`,
    greeting: (name: string) => `Estimado/a ${name}:`,
    received: (units: string, facility: string) => `Recibimos su respuesta a la carta sobre el seguro para inquilinos de ${units} en ${facility}.`,
    unit: (list: readonly string[]) => (list.length === 1 ? `la unidad ${list[0]}` : `las unidades ${list.join(', ')}`),
    coverage: (a: Extract<ConfirmedAnswer, { kind: 'coverage' }>, l: RespondLanguage) =>
      `Usted eligió una cobertura de ${money(l, a.coverage, false)} por ${money(l, a.premium, true)} al mes, a partir del ${longDate(l, a.effective_date)}.`,
    optOut: 'Usted decidió no participar en el plan de protección para inquilinos.',
    proof: (a: Extract<ConfirmedAnswer, { kind: 'proof' }>, l: RespondLanguage) =>
      `Recibimos su comprobante de seguro, de una póliza vigente hasta el ${longDate(l, a.policy_expiry_date)}. Nuestro personal lo revisará; si no se puede aceptar, vuelva a ingresar con su código de acceso para ver el motivo.`,
    change: (deadline: string, l: RespondLanguage) => `Puede cambiar su respuesta en línea con su código de acceso hasta el ${longDate(l, deadline)}.`,
    questions: (phone: string) => (phone ? `¿Preguntas? Llámenos al ${phone} o responda a este correo.` : '¿Preguntas? Responda a este correo.'),
  },
} as const;

export function confirmationLines(c: Confirmation): { subject: string; lines: string[] } {
  const t = TEXT[c.language];
  const l = c.language;
  const chosen = c.answer.kind === 'coverage' ? t.coverage(c.answer, l) : c.answer.kind === 'proof' ? t.proof(c.answer, l) : t.optOut;
  return {
    subject: t.subject(c.facilityName),
    lines: [
      t.greeting(c.firstName.trim()),
      '',
      t.received(t.unit(c.units), c.facilityName),
      chosen,
      ...(c.deadline ? [t.change(c.deadline, l)] : []),
      '',
      t.questions(c.program.phone.trim() ? formatPhone(c.program.phone) : ''),
      '',
      c.program.program_name,
    ],
  };
}

/** Sends it, unless the address is suppressed (returned e-mail: the skip is on the tenant's history). */
export async function sendConfirmation(c: Confirmation, about: MailFor): Promise<SendOutcome> {
  const { subject, lines } = confirmationLines(c);
  const outcome = await sendTextEmail({ to: c.to, fromName: c.program.program_name, replyTo: c.program.email, subject, lines }, about);
  if (outcome.sent) recordMetric('EmailsSent', 1, 'portal_confirmation');
  return outcome;
}
