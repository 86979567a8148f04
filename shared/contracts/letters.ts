/**
 * Letters (spec tenants-letters-users §2 Send Letters and Letter batches, §3 Letter batch and Letter
 * generation result, §4 letter types, §5, §7 'Letters', §8, §9). What the spec leaves open (which
 * tenants are 'ready' for a letter, what 'ineligible' means, what a batch's mail time is) is in
 * docs/decisions.md "Letters".
 */
import * as z from 'zod';
import type { RouteContract } from './contract';
import type { RouteKey } from '../routes';
import { STATE_CODES } from '../states';
import { exportDownload } from './export-file';
import { formBoolean, formInt, requiredText } from './form';
import { formDate, idParams } from './program';
import { tenantIds, tenantPagination, tenantView } from './tenants';

/** Letter types a batch mails; 'initial' is shown as Audit (spec §4). */
export const MAILED_LETTER_TYPES = ['initial', 'reminder', 'welcome'] as const;
export type MailedLetterType = (typeof MAILED_LETTER_TYPES)[number];
export const LETTER_TYPE_LABELS: Record<MailedLetterType, string> = { initial: 'Audit', reminder: 'Reminder', welcome: 'Welcome' };

/** The Send Letters filter dropdown (spec §2), in its order, with its labels. */
export const MAILING_FILTERS = ['all', 'initial_letter_ready', 'reminder_letter_ready', 'welcome_letter_ready'] as const;
export type MailingFilter = (typeof MAILING_FILTERS)[number];
export const MAILING_FILTER_LABELS: Record<MailingFilter, string> = {
  all: 'All', initial_letter_ready: 'Audit Letter Ready', reminder_letter_ready: 'Reminder Letter Ready', welcome_letter_ready: 'Welcome Letter Ready',
};
/** The filter that lists the tenants ready for each letter type. */
export const READY_FILTER: Record<MailedLetterType, MailingFilter> = {
  initial: 'initial_letter_ready', reminder: 'reminder_letter_ready', welcome: 'welcome_letter_ready',
};

/** Spec §2: while any tenant of the scope is tagged for removal no letter is generated (the page's warning, the server's 409). */
export const TAGGED_FOR_REMOVAL_WARNING = 'Some tenants are tagged for removal. They will need to be removed or untagged before continuing.';

/** Spec §3 'Filter counts for mailing'. */
export const MAILING_COUNT_KEYS = [...MAILING_FILTERS, 'welcome_letter_skipped', 'tagged_for_removal'] as const;
export type MailingCountKey = (typeof MAILING_COUNT_KEYS)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const mailingFilter = z.preprocess(blankToUndefined,
  z.enum(MAILING_FILTERS, { error: `filter must be one of ${MAILING_FILTERS.join(', ')}.` }).optional());
const cycleId = z.preprocess(blankToUndefined, z.string().trim().max(64).optional());
const state = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(STATE_CODES, { error: 'state must be a two-letter state or territory code.' }));
export const stateParams = z.object({ state });

/** The Send Letters table: a facility's (optionally one cycle's) or a state's tenants with complete addresses. */
export const mailingListQuery = z.object({
  filter: mailingFilter,
  cycle_id: cycleId,
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(100_000, 'page must be at most 100000.')).optional(),
});

export const mailingListResponse = z.object({
  data: z.array(tenantView),
  pagination: tenantPagination,
  info: z.object({
    /** Tenants left out because their address is incomplete (the hidden-tenant warning). */
    incomplete_address: z.number(),
    /** Tenants tagged for removal in the scope: while any is, no letter can be generated. */
    tagged_for_removal: z.number(),
  }),
});

export const mailingCountsQuery = z.object({ cycle_id: cycleId });
export const mailingCount = z.object({ key: z.enum(MAILING_COUNT_KEYS), label: z.string(), count: z.number() });
export const mailingCountsResponse = z.array(mailingCount);

/** Facilities of a state (state mode's facility list). */
export const stateFacility = z.object({ id: z.string(), facility_number: z.string(), account_name: z.string().nullable(), software: z.string() });

/** Letter dates travel as YYYY-MM-DD (spec §5, §9). */
export const generateLettersQuery = z.object({
  letter_type: z.enum(MAILED_LETTER_TYPES, { error: `letter_type must be one of ${MAILED_LETTER_TYPES.join(', ')}.` }),
  audit_letter_date: formDate('audit_letter_date').optional(),
  reminder_letter_date: formDate('reminder_letter_date').optional(),
  cycle_id: cycleId,
  /** Comma-separated tenant ids; none means the first 300 tenants ready for this letter (spec §5). */
  tenants: z.preprocess(blankToUndefined, tenantIds.optional()),
  /**
   * Mail the named tenants even if they were sent this letter already: sent only after staff answered
   * 'Continue' to the page's 'already been sent' question. It never takes a tenant out of a batch still
   * being generated (docs/decisions.md "Letters: no tenant is mailed twice by accident").
   */
  resend: formBoolean.optional(),
}).superRefine((q, ctx) => {
  if (q.letter_type === 'initial' && !q.audit_letter_date) {
    ctx.addIssue({ code: 'custom', path: ['audit_letter_date'], message: 'audit_letter_date is required for an audit letter (YYYY-MM-DD).' });
  }
  if (q.letter_type === 'reminder' && !q.reminder_letter_date) {
    ctx.addIssue({ code: 'custom', path: ['reminder_letter_date'], message: 'reminder_letter_date is required for a reminder letter (YYYY-MM-DD).' });
  }
});
export type GenerateLettersQuery = z.output<typeof generateLettersQuery>;

export const sampleLettersQuery = z.object({
  audit_letter_date: formDate('audit_letter_date').optional(),
  reminder_letter_date: formDate('reminder_letter_date').optional(),
  cycle_id: cycleId,
});

/** What a generate call answers at once: the job writing the letters (poll GET /api/jobs/{id}). */
export const queuedLetters = z.object({ job_id: z.string(), letter_type: z.enum([...MAILED_LETTER_TYPES, 'sample']), tenant_count: z.number() });

/** The job's result when done (spec §3 Letter generation result), plus the welcome certificates e-mailed. */
export const letterJobResult = z.object({
  /** Null when no letter went by post (welcome letters to tenants who all have an e-mail address). */
  file_name: z.string().nullable(),
  mail_merge_file_name: z.string().nullable(),
  letter_type: z.enum([...MAILED_LETTER_TYPES, 'sample']),
  tenant_count: z.number(),
  /** Letters in the PDF (welcome: only tenants without an e-mail address). */
  letter_count: z.number(),
  certificates_emailed: z.number(),
  /** Chosen tenants left out because they were no longer ready for the letter when it was written. */
  tenants_skipped: z.number(),
});
export type LetterJobResult = z.infer<typeof letterJobResult>;

/** A letter file's name: what the job wrote under the letters prefix (no path, no '..'). */
export const letterFileName = z.object({
  file_name: requiredText('file_name', 200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.(pdf|xlsx)$/, 'file_name must name a letter PDF or mail-merge workbook.'),
});
export const letterDownloadQuery = z.object({
  output_name: z.string().trim().max(200).optional(),
  /** true: the PDF shown in the browser rather than saved, so a tenant page can open it at the tenant's page (issue 24). */
  view: formBoolean.optional(),
});

/** The letter batches page (spec §2): 50 a page, newest first, filters facility number and letter type. */
export const letterBatchesQuery = z.object({
  facility_number: z.string().trim().max(20).optional(),
  letter_type: z.preprocess(blankToUndefined, z.enum(MAILED_LETTER_TYPES, { error: `letter_type must be one of ${MAILED_LETTER_TYPES.join(', ')}.` }).optional()),
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.').max(10_000, 'page must be at most 10000.')).optional(),
});

export const letterBatchView = z.object({
  id: z.string(),
  facility_id: z.string(),
  facility_number: z.string(),
  cycle_id: z.string().nullable(),
  cycle_label: z.string().nullable(),
  /** Set when the batch was made in state mode (its PDF holds the state's letters). */
  state: z.string().nullable(),
  letter_type: z.enum(MAILED_LETTER_TYPES),
  tenant_count: z.number(),
  /** Null when every tenant of the batch got the welcome certificate by e-mail (nothing mailed). */
  file_name: z.string().nullable(),
  mail_merge_file_name: z.string().nullable(),
  /** When the letters were generated (ISO). */
  save_time: z.string(),
  /** The date the letters are mailed (YYYY-MM-DD): the letter date chosen for audit and reminder letters. */
  mail_time: z.string().nullable(),
  created_by: z.string(),
});
export type LetterBatchView = z.infer<typeof letterBatchView>;

export const letterBatchesResponse = z.object({
  data: z.array(letterBatchView),
  pagination: z.object({
    current_page: z.number(), last_page: z.number(), per_page: z.number(), from: z.number().nullable(), to: z.number().nullable(), total: z.number(),
  }),
});

export const LETTER_CONTRACTS = {
  'GET /api/facilities/{id}/tenants-mailing': { summary: 'The Send Letters table of a facility (or one of its cycles)', params: idParams, query: mailingListQuery, response: mailingListResponse },
  'GET /api/facilities/{id}/tenant-mailing-counts': { summary: 'The Send Letters filter counts of a facility (or one of its cycles)', params: idParams, query: mailingCountsQuery, response: mailingCountsResponse },
  'GET /api/facilities/{id}/generate-letters': { summary: 'Queue a letter batch for a facility\'s tenants (a job)', params: idParams, query: generateLettersQuery, response: queuedLetters },
  'GET /api/facilities/{id}/generate-sample-letters': { summary: 'Queue one sample letter of each type for a facility (a job; changes no tenant)', params: idParams, query: sampleLettersQuery, response: queuedLetters },
  'GET /api/facilities/download-letters/{file_name}': { summary: 'A short-lived link to a letter PDF or mail-merge workbook', params: letterFileName, query: letterDownloadQuery, response: exportDownload },
  'GET /api/facilities/state/{state}': { summary: 'The facilities of a state (Send Letters state mode)', params: stateParams, response: z.array(stateFacility) },
  'GET /api/facilities/state/{state}/tenants-mailing': { summary: 'The Send Letters table of a state\'s facilities', params: stateParams, query: mailingListQuery.omit({ cycle_id: true }), response: mailingListResponse },
  'GET /api/facilities/state/{state}/tenant-mailing-counts': { summary: 'The Send Letters filter counts of a state', params: stateParams, response: mailingCountsResponse },
  'GET /api/facilities/state/{state}/generate-letters': { summary: 'Queue a letter batch for a state\'s tenants (a job)', params: stateParams, query: generateLettersQuery, response: queuedLetters },
  'GET /api/letter-batches': { summary: 'Letter batches, newest first (50 a page)', query: letterBatchesQuery, response: letterBatchesResponse },
} satisfies Partial<Record<RouteKey, RouteContract>>;
