/**
 * What each letter says, as structured content (paragraphs with bold runs, a list, the lease quote,
 * the coverage table, links, the signature); letter-layout.ts decides where it goes on the page.
 *   initial (shown as Audit): the facility requires insurance; answer by the deadline with proof of
 *     your own policy or a chosen option, or the default plan (named, with its premium) is added to the
 *     rent from the effective date.
 *   reminder: the second notice, shorter, with the same facts and the date of the first.
 *   welcome: the tenant's own plan and own effective date are confirmed, the certificate link.
 * Lease language (docs/decisions.md "Letters: what each letter says"): a facility that needs updated lease
 * language asks the tenant to accept the updated clause, quoted; one whose lease is up to date cites it.
 * Every letter sends the tenant to the response portal with its own access code (docs/decisions.md
 * "Access codes are the program's own"): the address and the code in the text and the account box, a QR
 * code with both beside the signature, and the Spanish page's address.
 */
import { formatAccessCode, portalUrl, portalUrlWithCode } from '../../shared/access-code';
import type { LetterCoverage, LetterPage, LetterProgram } from './letter-types';
import { coverageAmount, facilityName, greeting, longDate, monthlyPremium, phoneNumber, planSummary, RESPOND_WITHIN_30_DAYS } from './letter-text';
import { bold, plain } from './text-flow';
import type { Run } from './text-flow';

export type Content =
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'bullets'; items: Run[][] }
  | { kind: 'quote'; runs: Run[] }
  | { kind: 'coverages'; heading: string; coverages: readonly LetterCoverage[]; empty: string }
  | { kind: 'links'; links: { label: string; url: string }[] }
  | { kind: 'signature'; closing: string; signer: string; organization: string; respondOnline?: RespondOnline };

/**
 * The QR code beside the signature and its caption: the portal's address with the access code (the
 * code fills itself in), and where Spanish readers switch the page to Spanish.
 */
export interface RespondOnline {
  /** What the QR code carries: portalUrlWithCode. */
  qr: string;
  /** The caption's lines, each wrapped as needed; the last is an address that is never broken. */
  lines: Run[][];
}

/** A label and its value in the account box beside the addresses. */
export interface SummaryItem {
  label: string;
  value: string;
  strong?: boolean;
}

export interface LetterCopy {
  subject: string;
  greeting: string;
  /** The account box: unit, access code and the dates that apply to this letter. */
  summary: SummaryItem[];
  body: Content[];
}

const paragraph = (...runs: Run[]): Content => ({ kind: 'paragraph', runs });
const present = (text: string | null | undefined): text is string => Boolean(text && text.trim());

/**
 * The lease's insurance clause. 'Needs updated lease language': the letter asks the tenant to accept the
 * updated clause (quoted when the facility gave its text). Lease already up to date: the letter cites the
 * clause as the current terms (quoted, or its section named), or says nothing more when neither is known.
 */
function leaseClause(letter: LetterPage): Content[] {
  const f = letter.facility;
  const section = present(f.lease_section_number) ? f.lease_section_number.trim() : '';
  const text = present(f.lease_section_text) ? `\u201c${f.lease_section_text.trim()}\u201d` : '';
  if (f.uses_updated_lease_language) {
    const ask = paragraph(
      bold(facilityName(f)), plain(' has updated the insurance clause of its rental agreement'), plain(section ? ` (Section ${section})` : ''),
      plain('. Your response to this letter confirms that you accept the updated clause'),
      plain(text ? ', which reads:' : '; the facility can give you a copy of it.'),
    );
    return text ? [ask, { kind: 'quote', runs: [plain(text)] }] : [ask];
  }
  if (text) return [{ kind: 'quote', runs: [bold(section ? `Section ${section} of your lease: ` : 'Your lease states: '), plain(text)] }];
  if (section) return [paragraph(plain('This requirement is in '), bold(`Section ${section}`), plain(' of your lease.'))];
  return [];
}

export interface LetterPortal {
  /** The portal's address: portalUrl of the website setting. */
  url: string;
  /** The tenant's access code as printed: 'K7PX-3M9Q'. */
  code: string;
  /** What the QR code carries: the address with the code in its fragment. */
  qr: string;
  /** The portal in Spanish. */
  spanish: string;
}

/**
 * The response portal as the letter prints it (so do the mail merge and the welcome e-mail): its address
 * (from the program's website setting), the tenant's access code grouped for reading, the QR code's
 * address and the Spanish page's. Null when the letter cannot send the tenant there: no website set, or
 * no program code on the tenant (letter-content.ts passes only a program code, never a gate code a
 * tenant may still hold from before the migration).
 */
export function letterPortal(letter: LetterPage, program: Pick<LetterProgram, 'website'>): LetterPortal | null {
  const code = letter.recipient.access_code.trim();
  if (!present(program.website) || !code) return null;
  const url = portalUrl(program.website);
  return { url, code: formatAccessCode(code), qr: portalUrlWithCode(program.website, code), spanish: `${url}?lang=es` };
}

/** How to answer: online with the access code, or by phone. */
function howToRespond(letter: LetterPage, program: LetterProgram): Content {
  const portal = letterPortal(letter, program);
  const phone = present(program.phone) ? phoneNumber(program.phone) : '';
  const call = phone ? [plain(', or call us at '), bold(phone)] : [];
  if (portal) return paragraph(plain('Respond online at '), bold(portal.url), plain(' with your access code '), bold(portal.code), ...call, plain('.'));
  return paragraph(plain('To respond, call us at '), bold(phone || 'the number below'), plain('.'));
}

/** The QR panel beside the signature, when the letter sends the tenant to the portal. */
function respondOnline(letter: LetterPage, program: LetterProgram, heading: string): RespondOnline | undefined {
  const portal = letterPortal(letter, program);
  if (!portal) return undefined;
  return {
    qr: portal.qr,
    lines: [[bold(heading)], [plain('Scan to open the page with your code filled in.')], [bold('En espa\u00f1ol:')], [plain(portal.spanish)]],
  };
}

function links(letter: LetterPage, certificateLabel: string): Content[] {
  const f = letter.facility;
  const list = [
    { label: 'Program brochure', url: f.brochure_url.trim() },
    { label: certificateLabel, url: f.certificate_url.trim() },
  ].filter((link) => link.url !== '');
  return list.length > 0 ? [{ kind: 'links', links: list }] : [];
}

const signature = (program: LetterProgram, online?: RespondOnline): Content => ({
  kind: 'signature', closing: 'Sincerely,', signer: program.signature.trim(), organization: program.name.trim(), ...(online ? { respondOnline: online } : {}),
});

function respondBy(letter: LetterPage): { phrase: Run[]; summary: string } {
  const deadline = letter.dates.update_responses_deadline_date;
  return present(deadline)
    ? { phrase: [plain('by '), bold(longDate(deadline))], summary: longDate(deadline) }
    : { phrase: [bold('within 30 days'), plain(' of the date of this letter')], summary: RESPOND_WITHIN_30_DAYS };
}

/**
 * What happens without an answer: the default plan, its premium and from when. Letters are only made
 * with a plan and an effective date (the generate call refuses otherwise), so both are known here.
 */
function withoutAnswer(letter: LetterPage): Run[] {
  const plan = letter.default_plan!;
  return [
    plain('If we do not receive a response, '), bold(`${coverageAmount(plan.coverage)} of coverage`),
    plain(' through the facility\u2019s tenant insurance plan will be added to your account, and its premium of '),
    bold(monthlyPremium(plan.premium)), plain(' to your rent, beginning '), bold(longDate(letter.dates.letter_effective_date!)), plain('.'),
  ];
}

function accountSummary(letter: LetterPage): SummaryItem[] {
  const code = letter.recipient.access_code.trim();
  return [
    { label: 'Unit', value: letter.recipient.unit.trim() },
    ...(code ? [{ label: 'Access code', value: formatAccessCode(code), strong: true }] : []),
  ];
}

const NO_OPTIONS_LISTED = 'Coverage options are available from the facility. Please ask the facility, or call us, for the options and their monthly premiums.';

function auditCopy(letter: LetterPage, program: LetterProgram): LetterCopy {
  const facility = facilityName(letter.facility);
  const { dates } = letter;
  const by = respondBy(letter);
  const reminder = present(dates.reminder_letter_date)
    ? [plain(`If we have not heard from you by ${longDate(dates.reminder_letter_date)}, we will send you a reminder. `)]
    : [];
  return {
    subject: `Proof of insurance required for your storage unit at ${facility}`,
    greeting: greeting(letter.recipient),
    summary: [
      ...accountSummary(letter),
      { label: 'Respond by', value: by.summary },
      { label: 'Coverage begins', value: longDate(dates.letter_effective_date!) },
    ],
    body: [
      paragraph(
        plain('Your rental agreement with '), bold(facility),
        plain(' requires you to insure the property in your unit. '),
        plain(`${program.name.trim()} manages this for the facility and asks every tenant to confirm their coverage.`),
      ),
      ...leaseClause(letter),
      paragraph(plain('Please respond '), ...by.phrase, plain(' in one of two ways:')),
      {
        kind: 'bullets',
        items: [
          [bold('Send proof of your own coverage:'), plain(' the declarations page of a policy that covers your unit.')],
          [bold('Choose one of the coverage options below.'), plain(' The monthly premium is added to your rent.')],
        ],
      },
      howToRespond(letter, program),
      paragraph(...reminder, ...withoutAnswer(letter)),
      { kind: 'coverages', heading: 'Coverage options', coverages: letter.coverages, empty: NO_OPTIONS_LISTED },
      ...links(letter, 'Sample certificate of insurance'),
      signature(program, respondOnline(letter, program, 'Respond with your phone')),
    ],
  };
}

function reminderCopy(letter: LetterPage, program: LetterProgram): LetterCopy {
  const facility = facilityName(letter.facility);
  const { dates } = letter;
  const by = respondBy(letter);
  const wrote = present(dates.audit_letter_date) ? [plain('On '), bold(longDate(dates.audit_letter_date)), plain(' we wrote')] : [plain('We recently wrote')];
  return {
    subject: `Second notice: proof of insurance for your storage unit at ${facility}`,
    greeting: greeting(letter.recipient),
    summary: [
      ...accountSummary(letter),
      ...(present(dates.audit_letter_date) ? [{ label: 'First notice', value: longDate(dates.audit_letter_date) }] : []),
      { label: 'Respond by', value: by.summary },
      { label: 'Coverage begins', value: longDate(dates.letter_effective_date!) },
    ],
    body: [
      paragraph(
        ...wrote, plain(' to ask for proof of insurance for your unit at '), bold(facility),
        plain(', as your rental agreement requires. We have not yet received your response.'),
      ),
      ...leaseClause(letter),
      paragraph(plain('Please respond '), ...by.phrase, plain(': send us proof of your own coverage, or choose one of the coverage options below.')),
      howToRespond(letter, program),
      paragraph(...withoutAnswer(letter), plain(' If you have already responded, thank you; please disregard this notice.')),
      { kind: 'coverages', heading: 'Coverage options', coverages: letter.coverages, empty: NO_OPTIONS_LISTED },
      ...links(letter, 'Sample certificate of insurance'),
      signature(program, respondOnline(letter, program, 'Respond with your phone')),
    ],
  };
}

function welcomeCopy(letter: LetterPage, program: LetterProgram): LetterCopy {
  const facility = facilityName(letter.facility);
  // The tenant's own plan (welcome letters are made only for tenants with one) and its own date.
  const plan = letter.enrollment.plan!;
  const effective = letter.enrollment.insurance_effective_date;
  const portal = letterPortal(letter, program);
  const phone = present(program.phone) ? phoneNumber(program.phone) : '';
  const online = portal
    ? [plain('To see your coverage online, visit '), bold(portal.url), plain(' and enter your access code '), bold(portal.code), plain('. ')]
    : [];
  return {
    subject: `Welcome to the tenant insurance program at ${facility}`,
    greeting: greeting(letter.recipient),
    summary: [
      ...accountSummary(letter),
      { label: 'Your plan', value: planSummary(plan) },
      ...(present(effective) ? [{ label: 'Coverage effective', value: longDate(effective) }] : []),
    ],
    body: [
      paragraph(
        plain('Thank you for enrolling. The property in your unit at '), bold(facility),
        plain(` is insured through the facility\u2019s tenant insurance program, administered by ${program.name.trim()}.`),
      ),
      paragraph(
        plain('Your plan covers up to '), bold(coverageAmount(plan.coverage)), plain(' for a premium of '), bold(monthlyPremium(plan.premium)), plain('. '),
        ...(present(effective)
          ? [plain('Your coverage is effective '), bold(longDate(effective)), plain('. ')]
          : [plain('Your coverage starts on the day the facility adds it to your account. ')]),
        plain('The monthly premium is included in your rent, so there is nothing separate to pay.'),
      ),
      paragraph(...online, plain('To report a claim or ask a question, call us'), ...(phone ? [plain(' at '), bold(phone)] : []), plain('. Please keep this letter and your certificate with your rental records.')),
      ...links(letter, 'Your certificate of insurance'),
      signature(program, respondOnline(letter, program, 'Your account on your phone')),
    ],
  };
}

export function letterCopy(letter: LetterPage, program: LetterProgram): LetterCopy {
  switch (letter.type) {
    case 'initial': return auditCopy(letter, program);
    case 'reminder': return reminderCopy(letter, program);
    case 'welcome': return welcomeCopy(letter, program);
  }
}
