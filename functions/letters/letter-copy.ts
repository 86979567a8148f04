/**
 * What each letter says, as structured content (paragraphs with bold runs, a list, the lease quote,
 * the coverage table, links, the signature); letter-layout.ts decides where it goes on the page.
 *   initial (shown as Audit): the facility requires insurance; answer by the deadline with proof of
 *     your own policy or a chosen option, or coverage is added to the rent from the effective date.
 *   reminder: the second notice, shorter, with the same facts and the date of the first.
 *   welcome: the enrolment is confirmed, coverage starts on the effective date, the certificate link.
 */
import type { LetterCoverage, LetterPage, LetterProgram } from './letter-types';
import { facilityName, greeting, longDate, phoneNumber } from './letter-text';
import { bold, plain } from './text-flow';
import type { Run } from './text-flow';

export type Content =
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'bullets'; items: Run[][] }
  | { kind: 'quote'; runs: Run[] }
  | { kind: 'coverages'; heading: string; coverages: readonly LetterCoverage[]; empty: string }
  | { kind: 'links'; links: { label: string; url: string }[] }
  | { kind: 'signature'; closing: string; signer: string };

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

/** The facility's lease section, quoted, when it uses the updated lease language. */
function leaseQuote(letter: LetterPage): Content[] {
  const f = letter.facility;
  if (!f.uses_updated_lease_language || !present(f.lease_section_text)) return [];
  const section = present(f.lease_section_number) ? `Section ${f.lease_section_number.trim()} of your lease: ` : 'Your lease states: ';
  return [{ kind: 'quote', runs: [bold(section), plain(`\u201c${f.lease_section_text.trim()}\u201d`)] }];
}

/** How to answer: online with the access code, or by phone. */
function howToRespond(letter: LetterPage, program: LetterProgram): Content {
  const code = letter.recipient.access_code.trim();
  const phone = present(program.phone) ? phoneNumber(program.phone) : '';
  const call = phone ? [plain(', or call us at '), bold(phone)] : [];
  if (present(program.website)) {
    return paragraph(plain('Respond online at '), bold(program.website.trim()), plain(' with your access code '), bold(code), ...call, plain('.'));
  }
  return paragraph(plain('To respond, call us at '), bold(phone || 'the number below'), plain(' and give your access code '), bold(code), plain('.'));
}

function links(letter: LetterPage, certificateLabel: string): Content[] {
  const f = letter.facility;
  const list = [
    { label: 'Program brochure', url: f.brochure_url.trim() },
    { label: certificateLabel, url: f.certificate_url.trim() },
  ].filter((link) => link.url !== '');
  return list.length > 0 ? [{ kind: 'links', links: list }] : [];
}

const signature = (program: LetterProgram): Content => ({ kind: 'signature', closing: 'Sincerely,', signer: program.name.trim() });

function respondBy(letter: LetterPage): { phrase: Run[]; summary: string } {
  const deadline = letter.dates.update_responses_deadline_date;
  return present(deadline)
    ? { phrase: [plain('by '), bold(longDate(deadline))], summary: longDate(deadline) }
    : { phrase: [bold('within 30 days'), plain(' of the date of this letter')], summary: 'Within 30 days' };
}

function addedToRent(letter: LetterPage): Run[] {
  const effective = letter.dates.letter_effective_date;
  return present(effective)
    ? [plain('beginning '), bold(longDate(effective))]
    : [plain('beginning with your first rent payment after the response period ends')];
}

function accountSummary(letter: LetterPage): SummaryItem[] {
  return [
    { label: 'Unit', value: letter.recipient.unit.trim() },
    { label: 'Access code', value: letter.recipient.access_code.trim(), strong: true },
  ];
}

/** Where the options are: in the table below, or (none listed) with the facility. */
const optionsWhere = (letter: LetterPage) => (letter.coverages.length > 0 ? 'below' : 'offered through the facility');
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
      ...(present(dates.letter_effective_date) ? [{ label: 'Coverage begins', value: longDate(dates.letter_effective_date) }] : []),
    ],
    body: [
      paragraph(
        plain('Your rental agreement with '), bold(facility),
        plain(' requires you to insure the property you keep in your storage unit. '),
        plain(`${program.name.trim()} manages this requirement for the facility, and we are asking every tenant to confirm their coverage.`),
      ),
      ...leaseQuote(letter),
      paragraph(plain('Please respond '), ...by.phrase, plain(' in one of two ways:')),
      {
        kind: 'bullets',
        items: [
          [bold('Send proof of your own coverage.'), plain(' A copy of the declarations page of a homeowner\u2019s, renter\u2019s or other policy that covers the property in your unit is all we need.')],
          [bold(`Choose one of the coverage options ${optionsWhere(letter)}.`), plain(' The monthly premium is added to your rent.')],
        ],
      },
      howToRespond(letter, program),
      paragraph(...reminder, plain('If we do not receive a response, the facility\u2019s tenant insurance will be added to your account and its premium to your rent '), ...addedToRent(letter), plain('.')),
      { kind: 'coverages', heading: 'Coverage options', coverages: letter.coverages, empty: NO_OPTIONS_LISTED },
      ...links(letter, 'Sample certificate of insurance'),
      signature(program),
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
      ...(present(dates.letter_effective_date) ? [{ label: 'Coverage begins', value: longDate(dates.letter_effective_date) }] : []),
    ],
    body: [
      paragraph(
        ...wrote, plain(' to ask for proof of insurance for your unit at '), bold(facility),
        plain(', as your rental agreement requires. We have not yet received your response.'),
      ),
      ...leaseQuote(letter),
      paragraph(plain('Please respond '), ...by.phrase, plain(`: send us proof of your own coverage, or choose one of the coverage options ${optionsWhere(letter)}.`)),
      howToRespond(letter, program),
      paragraph(plain('If we do not receive a response, the facility\u2019s tenant insurance will be added to your account and its premium to your rent '), ...addedToRent(letter), plain('. If you have already responded, thank you; please disregard this notice.')),
      { kind: 'coverages', heading: 'Coverage options', coverages: letter.coverages, empty: NO_OPTIONS_LISTED },
      ...links(letter, 'Sample certificate of insurance'),
      signature(program),
    ],
  };
}

function welcomeCopy(letter: LetterPage, program: LetterProgram): LetterCopy {
  const facility = facilityName(letter.facility);
  const effective = letter.dates.letter_effective_date;
  const code = letter.recipient.access_code.trim();
  const phone = present(program.phone) ? phoneNumber(program.phone) : '';
  const online = present(program.website)
    ? [plain('To review your coverage online, visit '), bold(program.website.trim()), plain(' and enter your access code '), bold(code), plain('. ')]
    : [];
  return {
    subject: `Welcome to the tenant insurance program at ${facility}`,
    greeting: greeting(letter.recipient),
    summary: [
      ...accountSummary(letter),
      ...(present(effective) ? [{ label: 'Coverage effective', value: longDate(effective) }] : []),
    ],
    body: [
      paragraph(
        plain('Thank you for enrolling. The property in your unit at '), bold(facility),
        plain(` is now protected by the facility\u2019s tenant insurance program, administered by ${program.name.trim()}.`),
      ),
      paragraph(
        ...(present(effective) ? [plain('Your coverage is effective '), bold(longDate(effective)), plain('. ')] : [plain('Your coverage is effective from the date of your enrollment. ')]),
        plain('The monthly premium is included in your rent, so there is nothing separate to pay.'),
      ),
      ...leaseQuote(letter),
      { kind: 'coverages', heading: 'Your coverage', coverages: letter.coverages, empty: 'The details of your coverage are on your certificate of insurance.' },
      paragraph(...online, plain('To report a claim or ask a question, call us'), ...(phone ? [plain(' at '), bold(phone)] : []), plain('. Please keep this letter and your certificate with your rental records.')),
      ...links(letter, 'Your certificate of insurance'),
      signature(program),
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
