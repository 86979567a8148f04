/**
 * Every text of the tenant portal in its two languages (the letter says where to switch), and the
 * dates and amounts formatted with Intl in the chosen language. One object per language of the same
 * shape, so a text missing in Spanish is a type error, not an English word on a Spanish page.
 */
import type { RespondClosedReason, RespondLanguage } from '../../../shared/contracts/respond';
import { SIGN_IN_REFUSED } from '../../../shared/respond-rules';
import { PROOF_REJECTION_REASONS } from '../../../shared/proof-rejection';
import type { ProofRejectionCode } from '../../../shared/proof-rejection';

const LOCALES: Record<RespondLanguage, string> = { en: 'en-US', es: 'es-US' };

/** Where the choice is remembered for the tab's life (a phone shared in a family keeps no trace after). */
const LANGUAGE_KEY = 'alp-respond-language';

/** `?lang=es` opens the portal in Spanish (the letter prints that address); else the tab's last choice; else English. */
export function initialLanguage(): RespondLanguage {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (asked === 'en' || asked === 'es') {
    rememberLanguage(asked);
    return asked;
  }
  const kept = readStored();
  return kept === 'es' ? 'es' : 'en';
}

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage switched off: the language lasts as long as the page
  }
}

export function rememberLanguage(language: RespondLanguage): void {
  try {
    window.sessionStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage switched off: nothing to remember it in
  }
}

/** A wire date (yyyy-MM-dd) as people read it: 'June 1, 2026', '1 de junio de 2026'. */
export function formatDay(language: RespondLanguage, wire: string): string {
  const [y, m, d] = wire.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
}

/** A moment (ISO timestamp) as the day it was on this phone. */
export function formatMoment(language: RespondLanguage, iso: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long' }).format(new Date(iso));
}

/** As the letter prints them: '$2,000' of coverage, '$12.00' a month. */
export const formatCoverage = (language: RespondLanguage, amount: number): string =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
export const formatPremium = (language: RespondLanguage, amount: number): string =>
  new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);

export const formatList = (language: RespondLanguage, items: readonly string[]): string =>
  new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(items);

const english = {
  brand: 'Tenant insurance',
  language: 'English',
  title: 'Respond to your insurance letter',
  switchTo: 'Español',
  switchToLabel: 'Ver esta página en español',

  signInHeading: 'Respond to your insurance letter',
  signInIntro: 'Enter the access code and the ZIP code from the letter we mailed you about tenant insurance.',
  accessCode: 'Access code',
  accessCodeHint: '8 letters and numbers, as printed on your letter (for example K7PX-3M9Q).',
  zipCode: 'ZIP code',
  zipCodeHint: 'The ZIP code of the address your letter was mailed to.',
  signIn: 'Continue',
  signingIn: 'Checking…',
  codeMissing: 'Enter the access code from your letter.',
  codeImpossible: 'An access code has 8 letters and numbers, without 0, O, 1, I or L. Check the code on your letter.',
  zipMissing: 'Enter the ZIP code of the address on your letter.',
  zipImpossible: 'A ZIP code has 5 digits (for example 62701).',
  /** The server's one refusal text (shared), and its translation below. */
  signInRefused: SIGN_IN_REFUSED,
  sessionExpired: 'For your security you were signed out after a while. Sign in again to continue.',
  signedOut: 'You have signed out.',
  signOut: 'Sign out',
  networkError: 'We could not reach the server. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Try again in a few minutes.',
  loading: 'Loading your letter…',

  greeting: (name: string) => `Hello, ${name}`,
  yourLetter: 'Your letter',
  tenant: 'Tenant',
  units: (count: number): string => (count === 1 ? 'Unit' : 'Units'),
  facility: 'Facility',
  deadline: 'Respond by',
  noDeadline: 'No deadline',

  yourAnswer: 'Your answer',
  answerNone: 'You have not answered yet.',
  answerCoverage: (plan: string, from: string | null) => `You chose ${plan}${from ? `, starting ${from}` : ''}.`,
  answerProof: (insurer: string, expiry: string, sent: string) => `You sent proof of your own insurance with ${insurer} (policy expires ${expiry}) on ${sent}.`,
  proofWaiting: 'Your proof is waiting for review; the result will show on this page.',
  proofAccepted: 'Your proof was accepted.',
  proofRejected: (reason: string | null) => `Your proof was not accepted${reason ? `: ${reason}` : '.'} You can send proof again or choose another answer.`,
  /** Staff's common reasons (shared/proof-rejection.ts); words staff typed beside one are shown as written. */
  rejectionReasons: PROOF_REJECTION_REASONS as Record<ProofRejectionCode, string>,
  answerOptOut: (date: string) => `You opted out on ${date}.`,
  answerOther: 'The facility’s staff recorded an answer for you. Contact us if it is not right.',
  canChange: (deadline: string | null) => (deadline ? `You can change your answer until ${deadline}.` : 'You can change your answer.'),
  closed: {
    deadline_passed: 'The deadline to answer has passed, so answers can no longer be given or changed here.',
    confirmed: 'The program has confirmed your answer, so it can no longer be changed here.',
    set_up: 'Your insurance plan has already been set up, so the answer can no longer be changed here.',
    moved_out: 'The facility’s records show that you have moved out, so there is nothing to answer here.',
    archived: 'This letter’s program period has closed, so answers can no longer be given or changed here.',
  } satisfies Record<RespondClosedReason, string>,
  /** 'Questions? …' with whichever of the program's phone and e-mail Program Settings hold ('' when unset). */
  questions: (name: string, phone: string, email: string): string =>
    phone && email ? `Questions? Call ${name} at ${phone} or write to ${email}.`
      : phone ? `Questions? Call ${name} at ${phone}.`
        : email ? `Questions? Write to ${name} at ${email}.` : `Questions? Call the number on your letter.`,

  chooseHeading: 'Choose your answer',
  chooseChangeHeading: 'Change your answer',
  chooseLegend: 'How do you want to answer?',
  choiceCoverage: 'Get coverage through the facility',
  choiceCoverageHint: 'Pick a plan; it is added to your monthly bill.',
  choiceProof: 'I have my own insurance',
  choiceProofHint: 'Send the declarations page of your policy.',
  choiceOptOut: 'Opt out',
  choiceOptOutHint: 'Decline coverage, as your facility’s program allows.',

  planLegend: 'Coverage plans',
  plan: (coverage: string, premium: string) => `${coverage} of coverage — ${premium} per month`,
  planStarts: (date: string) => `A plan chosen today starts on ${date}.`,
  planMissing: 'Choose one of the plans.',
  confirmPlan: 'Confirm this plan',

  proofFile: 'Declarations page',
  proofFileHint: 'A PDF, JPEG or PNG file of at most 10 MB. A photo from your phone is fine.',
  proofFileMissing: 'Choose the file of your declarations page.',
  proofFileType: 'The file must be a PDF, JPEG or PNG.',
  proofFileEmpty: 'The file is empty. Choose another file.',
  proofFileTooLarge: (size: string) => `The file is ${size}; files can be at most 10 MB. Send a smaller file, such as a photo of the page.`,
  insurer: 'Insurance company',
  insurerMissing: 'Enter the name of your insurance company.',
  expiry: 'Policy expiry date',
  expiryHint: 'The last day your policy covers, as on the declarations page.',
  expiryMissing: 'Enter the date your policy expires.',
  sendProof: 'Send proof',
  proofPreparing: 'Preparing the upload…',
  proofSending: (percent: number) => `Sending the file… ${percent}%`,
  proofSaving: 'Saving your answer…',
  proofNotSent: 'The file could not be sent. Check your connection and try again.',

  optOutWording: 'The program’s statement',
  optOutConfirm: 'I have read this statement and I opt out.',
  optOutMissing: 'Tick the box to confirm that you have read the statement.',
  optOut: 'Opt out',

  email: 'E-mail for a confirmation (optional)',
  emailHint: 'We send a confirmation of your answer to this address.',
  emailInvalid: 'Enter an e-mail address such as name@example.com, or leave it empty.',
  saving: 'Saving…',
  notSaved: (reason: string) => `Your answer was not saved: ${reason}`,

  thanksHeading: 'Thank you, your answer is saved',
  thanksEmail: (email: string) => `We are sending a confirmation to ${email}.`,
  thanksEmailLimit: 'We have already sent the confirmations we can for now, so no e-mail was sent for this answer.',
  backToLetter: 'Back to your letter',
  problemsHeading: 'There is a problem',
  goneHeading: 'This letter is closed',
  tryAgain: 'Try again',
};

export type Messages = typeof english;

const spanish: Messages = {
  brand: 'Seguro para inquilinos',
  language: 'Español',
  title: 'Responda a su carta de seguro',
  switchTo: 'English',
  switchToLabel: 'View this page in English',

  signInHeading: 'Responda a su carta de seguro',
  signInIntro: 'Escriba el código de acceso y el código postal de la carta que le enviamos sobre el seguro para inquilinos.',
  accessCode: 'Código de acceso',
  accessCodeHint: '8 letras y números, como aparecen en su carta (por ejemplo K7PX-3M9Q).',
  zipCode: 'Código postal',
  zipCodeHint: 'El código postal de la dirección a la que se envió su carta.',
  signIn: 'Continuar',
  signingIn: 'Comprobando…',
  codeMissing: 'Escriba el código de acceso de su carta.',
  codeImpossible: 'Un código de acceso tiene 8 letras y números, sin 0, O, 1, I ni L. Compruebe el código en su carta.',
  zipMissing: 'Escriba el código postal de la dirección de su carta.',
  zipImpossible: 'Un código postal tiene 5 dígitos (por ejemplo 62701).',
  signInRefused: 'El código de acceso y el código postal no coinciden con nuestros registros. Compruebe ambos con su carta e inténtelo de nuevo.',
  sessionExpired: 'Por su seguridad, se cerró su sesión después de un tiempo. Vuelva a entrar para continuar.',
  signedOut: 'Ha cerrado la sesión.',
  signOut: 'Cerrar sesión',
  networkError: 'No pudimos conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
  serverError: 'Algo salió mal de nuestro lado. Inténtelo de nuevo en unos minutos.',
  loading: 'Cargando su carta…',

  greeting: (name) => `Hola, ${name}`,
  yourLetter: 'Su carta',
  tenant: 'Inquilino',
  units: (count) => (count === 1 ? 'Unidad' : 'Unidades'),
  facility: 'Instalación',
  deadline: 'Responda antes del',
  noDeadline: 'Sin fecha límite',

  yourAnswer: 'Su respuesta',
  answerNone: 'Todavía no ha respondido.',
  answerCoverage: (plan, from) => `Eligió ${plan}${from ? `, a partir del ${from}` : ''}.`,
  answerProof: (insurer, expiry, sent) => `Envió el comprobante de su propio seguro con ${insurer} (la póliza vence el ${expiry}) el ${sent}.`,
  proofWaiting: 'Su comprobante está pendiente de revisión; el resultado aparecerá en esta página.',
  proofAccepted: 'Su comprobante fue aceptado.',
  proofRejected: (reason) => `Su comprobante no fue aceptado${reason ? `: ${reason}` : '.'} Puede enviar otro comprobante o elegir otra respuesta.`,
  rejectionReasons: {
    unreadable: 'No se puede leer el documento. Envíe una copia clara de la página completa.',
    not_declarations: 'El documento no es una póliza de seguro ni su página de declaraciones.',
    expired: 'La póliza está vencida o vence muy pronto.',
    other_name: 'La póliza no está a su nombre.',
    other_address: 'La póliza no cubre la dirección de su unidad de almacenamiento.',
    no_storage_coverage: 'La póliza no cubre pertenencias guardadas en una unidad de almacenamiento.',
    coverage_too_low: 'El monto de cobertura es menor que el que exige la instalación.',
  },
  answerOptOut: (date) => `Renunció a la cobertura el ${date}.`,
  answerOther: 'El personal de la instalación registró una respuesta por usted. Contáctenos si no es correcta.',
  canChange: (deadline) => (deadline ? `Puede cambiar su respuesta hasta el ${deadline}.` : 'Puede cambiar su respuesta.'),
  closed: {
    deadline_passed: 'La fecha límite para responder ya pasó, por lo que ya no se pueden dar ni cambiar respuestas aquí.',
    confirmed: 'El programa ya confirmó su respuesta, por lo que ya no se puede cambiar aquí.',
    set_up: 'Su plan de seguro ya está activado, por lo que la respuesta ya no se puede cambiar aquí.',
    moved_out: 'Los registros de la instalación indican que usted se mudó, por lo que no hay nada que responder aquí.',
    archived: 'El periodo del programa de esta carta ya cerró, por lo que ya no se pueden dar ni cambiar respuestas aquí.',
  },
  questions: (name, phone, email) =>
    phone && email ? `¿Preguntas? Llame a ${name} al ${phone} o escriba a ${email}.`
      : phone ? `¿Preguntas? Llame a ${name} al ${phone}.`
        : email ? `¿Preguntas? Escriba a ${name} a ${email}.` : '¿Preguntas? Llame al número que aparece en su carta.',

  chooseHeading: 'Elija su respuesta',
  chooseChangeHeading: 'Cambie su respuesta',
  chooseLegend: '¿Cómo quiere responder?',
  choiceCoverage: 'Obtener cobertura por medio de la instalación',
  choiceCoverageHint: 'Elija un plan; se suma a su factura mensual.',
  choiceProof: 'Tengo mi propio seguro',
  choiceProofHint: 'Envíe la página de declaraciones de su póliza.',
  choiceOptOut: 'Renunciar',
  choiceOptOutHint: 'Rechazar la cobertura, como lo permite el programa de su instalación.',

  planLegend: 'Planes de cobertura',
  plan: (coverage, premium) => `${coverage} de cobertura — ${premium} al mes`,
  planStarts: (date) => `Un plan elegido hoy comienza el ${date}.`,
  planMissing: 'Elija uno de los planes.',
  confirmPlan: 'Confirmar este plan',

  proofFile: 'Página de declaraciones',
  proofFileHint: 'Un archivo PDF, JPEG o PNG de 10 MB como máximo. Una foto con su teléfono sirve.',
  proofFileMissing: 'Elija el archivo de su página de declaraciones.',
  proofFileType: 'El archivo debe ser PDF, JPEG o PNG.',
  proofFileEmpty: 'El archivo está vacío. Elija otro archivo.',
  proofFileTooLarge: (size) => `El archivo tiene ${size}; el máximo es 10 MB. Envíe un archivo más pequeño, como una foto de la página.`,
  insurer: 'Compañía de seguros',
  insurerMissing: 'Escriba el nombre de su compañía de seguros.',
  expiry: 'Fecha de vencimiento de la póliza',
  expiryHint: 'El último día que cubre su póliza, como aparece en la página de declaraciones.',
  expiryMissing: 'Escriba la fecha en que vence su póliza.',
  sendProof: 'Enviar comprobante',
  proofPreparing: 'Preparando el envío…',
  proofSending: (percent) => `Enviando el archivo… ${percent}%`,
  proofSaving: 'Guardando su respuesta…',
  proofNotSent: 'No se pudo enviar el archivo. Compruebe su conexión e inténtelo de nuevo.',

  optOutWording: 'La declaración del programa',
  optOutConfirm: 'He leído esta declaración y renuncio a la cobertura.',
  optOutMissing: 'Marque la casilla para confirmar que leyó la declaración.',
  optOut: 'Renunciar',

  email: 'Correo electrónico para la confirmación (opcional)',
  emailHint: 'Le enviamos la confirmación de su respuesta a esta dirección.',
  emailInvalid: 'Escriba un correo electrónico como nombre@ejemplo.com, o déjelo vacío.',
  saving: 'Guardando…',
  notSaved: (reason) => `Su respuesta no se guardó: ${reason}`,

  thanksHeading: 'Gracias, su respuesta está guardada',
  thanksEmail: (email) => `Le enviaremos una confirmación a ${email}.`,
  thanksEmailLimit: 'Ya enviamos las confirmaciones que podemos por ahora, así que no se envió un correo para esta respuesta.',
  backToLetter: 'Volver a su carta',
  problemsHeading: 'Hay un problema',
  goneHeading: 'Esta carta está cerrada',
  tryAgain: 'Intentar de nuevo',
};

export const MESSAGES: Record<RespondLanguage, Messages> = { en: english, es: spanish };
