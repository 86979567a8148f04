/**
 * The layout of the certificate of insurance e-mailed to a welcome letter's tenant: a one-page document
 * (no envelope windows) naming the insured tenant, the storage location and unit, the coverage and its
 * monthly premium the tenant chose, the tenant's own effective date, with the certificate and brochure
 * links and the program's contact. Built from the same blocks and pager as the letter.
 */
import { formatAccessCode, portalUrl } from '../../shared/access-code';
import type { DrawOp, PageOps } from './draw-ops';
import { baselineIn, COLUMN, contentBlocks, FOOTER_TOP, footerOps, rightAlignedOp, stacked, textOp, textRows } from './letter-blocks';
import type { Content } from './letter-copy';
import type { LetterMetrics } from './letter-fonts';
import { ASCENT, PAGE_MARGINS, PAGE_SIZE } from './letter-geometry';
import { cityLine, coverageAmount, facilityName, fullName, longDate, monthlyPremium, phoneNumber, recipientLines } from './letter-text';
import type { LetterPage, LetterProgram } from './letter-types';
import { flowBlocks } from './page-flow';
import type { Block, Row } from './page-flow';
import { bold, plain } from './text-flow';

const TOP = PAGE_SIZE.height - PAGE_MARGINS.top;
const RIGHT = COLUMN.x + COLUMN.width;


function titleBlock(letter: LetterPage, program: LetterProgram, metrics: LetterMetrics): Block {
  const band: Row = { height: 18, ops: (top) => [{ kind: 'rect', x: COLUMN.x, y: top - 4, width: COLUMN.width, height: 4, fill: 'accent' }] };
  const issued = `Issued ${longDate(letter.dates.letter_date)}`;
  const issuedWidth = metrics.widthOf(metrics.toWinAnsi(issued), 'regular', 9) + 18;
  const programRow: Row = {
    height: 16,
    ops: (top) => {
      const y = baselineIn(top, 16, 10);
      return [
        textOp(program.name, 'bold', 10, COLUMN.x, y, 'accent', COLUMN.width - issuedWidth, metrics),
        rightAlignedOp(issued, 'regular', 9, RIGHT, y, 'muted', COLUMN.width, metrics),
      ];
    },
  };
  return {
    rows: [
      band,
      programRow,
      ...textRows([bold('Certificate of Insurance')], COLUMN.x, COLUMN.width, { size: 24, leading: 1.3, tone: 'ink' }, metrics),
      ...textRows([plain(`Tenant insurance program at ${facilityName(letter.facility)}`)], COLUMN.x, COLUMN.width, { size: 11, leading: 1.4, tone: 'muted' }, metrics),
      { height: 14, ops: (top) => [{ kind: 'line', x1: COLUMN.x, y1: top - 10, x2: RIGHT, y2: top - 10, thickness: 0.75, tone: 'rule' }] },
    ],
    gapBefore: 0,
  };
}

/** The insured tenant and the storage location side by side. */
function partiesBlock(letter: LetterPage, metrics: LetterMetrics): Block {
  const half = (COLUMN.width - 24) / 2;
  const label = { size: 8, leading: 1.7, tone: 'accent' as const };
  const line = { size: 10, leading: 1.4, tone: 'ink' as const };
  const column = (x: number, heading: string, lines: string[]): Row => stacked([
    ...textRows([bold(heading)], x, half, label, metrics),
    ...lines.flatMap((text, i) => textRows([i === 0 ? bold(text) : plain(text)], x, half, line, metrics)),
  ]);
  const f = letter.facility;
  const tenant = column(COLUMN.x, 'INSURED TENANT', recipientLines(letter.recipient));
  const place = column(COLUMN.x + half + 24, 'STORAGE LOCATION', [facilityName(f), f.address.trim(), cityLine(f), `Unit ${letter.recipient.unit.trim()}`].filter(Boolean));
  return { rows: [{ height: Math.max(tenant.height, place.height), ops: (top) => [...tenant.ops(top), ...place.ops(top)] }], gapBefore: 4 };
}

/** The tenant's own plan as three figures in shaded panels: amount, premium, its own effective date. */
function coverageFacts(letter: LetterPage, metrics: LetterMetrics): Block {
  const plan = letter.enrollment.plan!;
  const effective = letter.enrollment.insurance_effective_date;
  const facts = [
    { label: 'Coverage amount', value: coverageAmount(plan.coverage) },
    { label: 'Monthly premium', value: monthlyPremium(plan.premium) },
    { label: 'Effective date', value: effective ? longDate(effective) : 'When added to your account' },
  ];
  const gutter = 12;
  const width = (COLUMN.width - 2 * gutter) / 3;
  const height = 46;
  const row: Row = {
    height,
    ops: (top) => facts.flatMap((fact, i): DrawOp[] => {
      const x = COLUMN.x + i * (width + gutter);
      return [
        { kind: 'rect', x, y: top - height, width, height, fill: 'shade' },
        { kind: 'rect', x, y: top - height, width: 3, height, fill: 'accent' },
        textOp(fact.label, 'regular', 8.5, x + 12, top - 10 - ASCENT * 8.5, 'muted', width - 18, metrics),
        textOp(fact.value, 'bold', 13, x + 12, top - 26 - ASCENT * 13, 'ink', width - 18, metrics),
      ];
    }),
  };
  return { rows: [row], gapBefore: 18 };
}

function termsAndContact(letter: LetterPage, program: LetterProgram): Content[] {
  const f = letter.facility;
  const code = letter.recipient.access_code.trim();
  const phone = program.phone.trim() ? phoneNumber(program.phone) : '';
  const links = [
    { label: 'Certificate online', url: f.certificate_url.trim() },
    { label: 'Program brochure', url: f.brochure_url.trim() },
  ].filter((l) => l.url !== '');
  return [
    {
      kind: 'paragraph',
      runs: [plain(
        `This certificate confirms that ${fullName(letter.recipient) || 'the tenant named above'} is enrolled in the tenant insurance program at the storage location shown, `
        + 'with the coverage listed, from the effective date. Coverage applies to personal property stored in the unit and is subject to the terms, '
        + 'conditions and exclusions of the policy. This certificate is provided for your records; it does not amend, extend or alter the coverage of the policy.',
      )],
    },
    ...(links.length > 0 ? [{ kind: 'links', links } as Content] : []),
    {
      kind: 'paragraph',
      runs: [
        plain('Questions or claims: '),
        ...(phone ? [plain('call '), bold(phone), plain(', ')] : []),
        ...(program.email.trim() ? [plain('e-mail '), bold(program.email.trim()), plain(', ')] : []),
        ...(program.website.trim() && code
          ? [plain('or see your coverage at '), bold(portalUrl(program.website)), plain(' with your access code '), bold(formatAccessCode(code))]
          : code ? [plain('and give your access code '), bold(formatAccessCode(code))] : [plain('and give your unit number')]),
        plain('.'),
      ],
    },
  ];
}

/** The certificate's page (or pages, only when a long coverage table needs them). */
export function layoutCertificate(letter: LetterPage, program: LetterProgram, metrics: LetterMetrics): PageOps[] {
  const frame = { firstTop: TOP, nextTop: TOP, bottom: FOOTER_TOP };
  const pageHeight = frame.nextTop - frame.bottom;
  const blocks: Block[] = [
    titleBlock(letter, program, metrics),
    partiesBlock(letter, metrics),
    coverageFacts(letter, metrics),
    ...termsAndContact(letter, program).flatMap((content, i) => contentBlocks(content, pageHeight, metrics).map((block) => (i === 0 ? { ...block, gapBefore: 20 } : block))),
  ];
  const pages = flowBlocks(blocks, frame);
  return pages.map((body, i) => [...body, ...footerOps(program, i + 1, pages.length, metrics)]);
}
