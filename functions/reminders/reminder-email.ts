/**
 * The program's reminder e-mails (issue 27), in English or Spanish (the language the tenant last
 * answered the portal in): a proof of insurance about to end, and a response deadline near. Plain text in
 * the program's voice, from the program's name with Reply-To its own address, carrying:
 *   - the portal's link with the tenant's access code in its fragment, as the letter's QR code carries it;
 *   - the program's postal address (Program Settings' return address), as bulk mail must;
 *   - the one-click unsubscribe mailbox providers ask of bulk senders: List-Unsubscribe (the API's
 *     address with the signed token, which they POST to, RFC 8058) and List-Unsubscribe-Post, and a link
 *     in the text to the portal's page that asks before it stops them.
 * Built here as raw MIME (SendRawEmail): SES's simple SendEmail takes no headers of our own.
 * Pure: the daily schedule (functions/schedule) gathers the facts and sends.
 */
import type { ProgramSettingsValues } from '../../shared/contracts/program-settings';
import type { RespondLanguage } from '../../shared/contracts/respond';
import { formatPhone } from '../../shared/format';
import { headerText } from '../aws/email';
import type { ProofExpiryReminder } from './reminder-days';

export type Reminder =
  | { kind: 'proof_expiry'; endsOn: string; daysBefore: ProofExpiryReminder }
  | { kind: 'deadline'; deadline: string };

export interface ReminderFacts {
  to: string;
  language: RespondLanguage;
  firstName: string;
  facilityName: string;
  units: readonly string[];
  reminder: Reminder;
  /** The portal with the tenant's access code in the fragment (shared/access-code.ts portalUrlWithCode), in the tenant's language. */
  portalLink: string;
  /** The API's one-click address: GET tells, POST stops (List-Unsubscribe). */
  unsubscribeUrl: string;
  /** The portal's page that asks before it stops reminders (the link in the text). */
  unsubscribePage: string;
  program: Pick<ProgramSettingsValues, 'program_name' | 'email' | 'phone' | 'address' | 'address_2' | 'city' | 'state' | 'zip_code'>;
}

const LOCALE: Record<RespondLanguage, string> = { en: 'en-US', es: 'es-US' };

/** A yyyy-MM-dd date as people read it ('March 5, 2027', '5 de marzo de 2027'), without shifting the day. */
const longDate = (language: RespondLanguage, day: string) => new Intl.DateTimeFormat(LOCALE[language], {
  year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC',
}).format(new Date(`${day}T00:00:00Z`));

const TEXT = {
  en: {
    greeting: (name: string) => `Dear ${name},`,
    unit: (list: readonly string[]) => (list.length === 1 ? `unit ${list[0]}` : `units ${list.join(', ')}`),
    expirySubject: (date: string, facility: string) => `Your proof of insurance ends ${date} - ${facility}`,
    expiry: (units: string, facility: string, date: string, days: number) => [
      `The proof of your own insurance we have on file for ${units} at ${facility} is for a policy that ends on ${date}, ${days} days from now.`,
      '',
      'Please upload the declarations page of your renewed policy before then, here:',
      'LINK',
      'The link fills in your access code; sign in with the ZIP code of the address on your letter.',
      '',
      `If no new proof reaches us by ${date}, your answer goes back to "no response" and the program's next letter will ask you to answer again.`,
    ],
    deadlineSubject: (date: string, facility: string) => `Please answer your tenant insurance letter by ${date} - ${facility}`,
    deadline: (units: string, facility: string, date: string) => [
      `We have not received your answer to the tenant insurance letter for ${units} at ${facility}. The deadline to answer is ${date}.`,
      '',
      'You can answer online in a few minutes: choose one of the facility\'s coverage plans or upload proof of your own insurance, here:',
      'LINK',
      'The link fills in your access code; sign in with the ZIP code of the address on your letter.',
      '',
      'If we do not receive your answer by then, the facility\'s tenant insurance plan described in your letter will be added to your account.',
    ],
    questions: (phone: string) => (phone ? `Questions? Call us at ${phone} or reply to this e-mail.` : 'Questions? Reply to this e-mail.'),
    why: 'You receive this reminder because this e-mail address is on file for your storage unit.',
    stop: (page: string) => `To stop reminder e-mails, open ${page}`,
  },
  es: {
    greeting: (name: string) => `Estimado/a ${name}:`,
    unit: (list: readonly string[]) => (list.length === 1 ? `la unidad ${list[0]}` : `las unidades ${list.join(', ')}`),
    expirySubject: (date: string, facility: string) => `Su comprobante de seguro vence el ${date} - ${facility}`,
    expiry: (units: string, facility: string, date: string, days: number) => [
      `El comprobante de su propio seguro que tenemos para ${units} en ${facility} es de una póliza que vence el ${date}, dentro de ${days} días.`,
      '',
      'Por favor, suba la página de declaraciones de su póliza renovada antes de esa fecha, aquí:',
      'LINK',
      'El enlace completa su código de acceso; ingrese con el código postal de la dirección de su carta.',
      '',
      `Si no recibimos un nuevo comprobante antes del ${date}, su respuesta volverá a "sin respuesta" y la próxima carta del programa le pedirá que responda de nuevo.`,
    ],
    deadlineSubject: (date: string, facility: string) => `Por favor, responda a su carta sobre el seguro para inquilinos antes del ${date} - ${facility}`,
    deadline: (units: string, facility: string, date: string) => [
      `No hemos recibido su respuesta a la carta sobre el seguro para inquilinos de ${units} en ${facility}. La fecha límite para responder es el ${date}.`,
      '',
      'Puede responder en línea en pocos minutos: elija uno de los planes de cobertura de la instalación o suba un comprobante de su propio seguro, aquí:',
      'LINK',
      'El enlace completa su código de acceso; ingrese con el código postal de la dirección de su carta.',
      '',
      'Si no recibimos su respuesta antes de esa fecha, el plan de seguro para inquilinos de la instalación descrito en su carta se agregará a su cuenta.',
    ],
    questions: (phone: string) => (phone ? `¿Preguntas? Llámenos al ${phone} o responda a este correo.` : '¿Preguntas? Responda a este correo.'),
    why: 'Recibe este recordatorio porque este correo electrónico está registrado para su unidad de almacenamiento.',
    stop: (page: string) => `Para no recibir más recordatorios por correo, abra ${page}`,
  },
} as const;

/** The program's postal address as bulk mail shows it (Program Settings' return address). */
export function postalAddressLines(p: ReminderFacts['program']): string[] {
  return [p.address.trim(), p.address_2.trim(), `${p.city.trim()}, ${p.state.trim()} ${p.zip_code.trim()}`].filter(Boolean);
}

/** The subject and the lines of the text, in the tenant's language. */
export function reminderText(f: ReminderFacts): { subject: string; lines: string[] } {
  const t = TEXT[f.language];
  const units = t.unit(f.units);
  const r = f.reminder;
  const date = longDate(f.language, r.kind === 'proof_expiry' ? r.endsOn : r.deadline);
  const subject = r.kind === 'proof_expiry' ? t.expirySubject(date, f.facilityName) : t.deadlineSubject(date, f.facilityName);
  const body = r.kind === 'proof_expiry' ? t.expiry(units, f.facilityName, date, r.daysBefore) : t.deadline(units, f.facilityName, date);
  return {
    subject,
    lines: [
      t.greeting(f.firstName.trim()),
      '',
      ...body.map((line) => (line === 'LINK' ? f.portalLink : line)),
      '',
      t.questions(f.program.phone.trim() ? formatPhone(f.program.phone) : ''),
      '',
      f.program.program_name,
      ...postalAddressLines(f.program),
      '',
      t.why,
      t.stop(f.unsubscribePage),
    ],
  };
}

const base64Lines = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{1,76}/g, '$&\r\n');

/** The whole message, headers and text, as SendRawEmail takes it (`from`: the sending-only address). */
export function reminderMessage(f: ReminderFacts, from: string): string {
  const { subject, lines } = reminderText(f);
  return [
    `From: ${headerText(f.program.program_name)} <${from}>`,
    ...(f.program.email.trim() ? [`Reply-To: ${f.program.email.trim()}`] : []),
    `To: ${f.to}`,
    `Subject: ${headerText(subject)}`,
    'MIME-Version: 1.0',
    // RFC 2369 and RFC 8058: the mailbox's own unsubscribe button POSTs 'List-Unsubscribe=One-Click' here.
    `List-Unsubscribe: <${f.unsubscribeUrl}>`,
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    `Content-Language: ${f.language}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(lines.join('\r\n')),
  ].join('\r\n');
}
