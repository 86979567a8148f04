/**
 * What each Lambda may touch, written once: CDK grants exactly this (infra/grant-access.ts) and the
 * infra tests check the synthesized IAM policies against it. A handler that needs more gets a line
 * here first; locally nothing enforces IAM, so a missing line shows up only when deployed.
 */
import { JOB_QUEUE_NAMES } from './jobs';
import type { JobQueueName, WorkerQueueName } from './jobs';
import type { BucketName, ExternalSystem } from './resources';
import type { ScheduleName } from './schedules';
import { ROUTES } from './routes';
import type { ApiGroup } from './routes';

/**
 * read: get, batch get and query (no Scan: no request path scans), plus SESSION_UPKEEP for API groups
 * that authenticate requests. readwrite adds put, update and delete on every item.
 */
export type DataAccess = 'read' | 'readwrite';

export interface FunctionGrant {
  table: DataAccess;
  buckets: Partial<Record<BucketName, DataAccess>>;
  /** Job queues the function may send to (it writes the job record first, so it needs table readwrite). */
  sendTo: readonly JobQueueName[];
  /**
   * Job queues whose dead-letter queue the function reads and empties (receive, delete, change
   * visibility; the DLQ's URL from the queue's RedrivePolicy): staff's Failed jobs. Each is in sendTo too.
   */
  deadLetters: readonly JobQueueName[];
  /** Reads the app secret (the key that seals generated first passwords). */
  appSecret: boolean;
  /** Outside systems it calls over HTTP: it gets their URLs and may read their credentials secrets. */
  external: readonly ExternalSystem[];
  /** Sends e-mail through SES from the program's sender address (welcome certificates). */
  sendsEmail: boolean;
  /** One line on why, from the spec calls the function serves. */
  why: string;
}

/**
 * Authenticating a request slides the session's expiry and stamps the user's last activity
 * (docs/data-model.md, "Authenticate a request"). A group that only reads the table may still make
 * exactly these writes: UpdateItem on items whose key starts with the prefix, touching only these
 * attributes. Keep in step with functions/auth/sessions.ts (slideSession) and users/user-store.ts
 * (touchLastActive); tests/infra/grants.test.ts checks the two still match.
 */
export const SESSION_UPKEEP = [
  { keyPrefix: 'SESSION#', attributes: ['expires_at', 'expires_at_epoch'] },
  { keyPrefix: 'USER#', attributes: ['last_active_at'] },
] as const;

/** A group with any non-public route authenticates its requests, so it needs SESSION_UPKEEP. */
export const authenticatesRequests = (group: ApiGroup): boolean =>
  ROUTES.some((route) => route.group === group && route.access !== 'public');

const g = (grant: Partial<FunctionGrant> & Pick<FunctionGrant, 'table' | 'why'>): FunctionGrant => ({
  buckets: {}, sendTo: [], deadLetters: [], appSecret: false, external: [], sendsEmail: false, ...grant,
});

export const API_GRANTS: Record<ApiGroup, FunctionGrant> = {
  auth: g({ table: 'readwrite', appSecret: true, why: 'sessions, login throttle and password changes write the table; a password change drops the sealed first password' }),
  app: g({
    table: 'readwrite', appSecret: true,
    why: 'status reads the maintenance item; openapi.json is static; the reminders\' unsubscribe link checks its signed token (a key derived from the app secret) and writes the address\'s opt-out and its tenants\' history',
  }),
  users: g({ table: 'readwrite', appSecret: true, why: 'creates, edits and deletes accounts and seals/opens the generated first password' }),
  managers: g({ table: 'readwrite', why: 'the manager home reads its facility, stats and cycles; managers tag move-outs, correct tenants and confirm charges on their facility' }),
  facilities: g({
    table: 'readwrite', appSecret: true, sendTo: ['archive-exports'], external: ['crm'],
    why: 'facility CRUD creates the manager login (sealed password); the single-step archive takes the archive lock and queues the archive job; from-zoho asks the CRM',
  }),
  coverages: g({ table: 'read', external: ['sitelink', 'storedge'], why: 'coverage options by state; fetch-from-api reads the facility and calls SiteLink/StorEdge' }),
  'insurance-programs': g({ table: 'read', why: 'lists insurance programs' }),
  'facility-archives': g({
    table: 'readwrite', buckets: { exports: 'read' }, sendTo: ['archive-exports'], appSecret: true,
    why: 'lists the archive records (signed cursors); execute takes the archive lock, claims the export name and queues the archive job; download-export presigns a kept archive export; restore reads an export back into its cycle',
  }),
  'retired-facilities': g({ table: 'read', why: 'lists retired facilities' }),
  'facility-stats': g({
    table: 'readwrite', buckets: { exports: 'read' }, sendTo: ['archive-exports'],
    why: 'reads maintained stats; create-export writes the job record and queues the spreadsheet job; download-export presigns the file (or reads the job: not ready yet)',
  }),
  exports: g({
    table: 'readwrite', buckets: { exports: 'read' }, sendTo: ['archive-exports', 'ledger-checks'], appSecret: true,
    why: 'create-export routes read the list they export (cycle, facility, tenant list; a program-wide page signs its cursor), write the job record and queue the spreadsheet job (the ledger reports on ledger-checks, whose worker asks SiteLink/StorEdge); download presigns the file (or reads its job: not ready yet)',
  }),
  monitors: g({ table: 'read', why: 'home dashboard reads the maintained counts of the cycles catalog (one item)' }),
  cycles: g({
    table: 'readwrite', sendTo: ['archive-exports'],
    why: 'cycle CRUD and move-out confirmation (cycle, link and catalog writes); Archive Cycle takes the archive lock and queues the archive job',
  }),
  tenants: g({
    table: 'readwrite', buckets: { exports: 'readwrite' }, sendTo: ['archive-exports'], appSecret: true,
    why: 'the tenant list and Proofs expiring sign and check their cursors; tenant edits; export-policy-setup and proofs-expiring/export queue spreadsheet jobs',
  }),
  'facility-software': g({
    table: 'readwrite', buckets: { exports: 'read' }, sendTo: ['ledger-checks', 'setup-batches'], appSecret: true,
    why: 'remove-uneligible-ledgers, sync-ledger-statuses and check-charges queue the ledger-check jobs; setup-policies queues the StorEdge setup job; a removal preview is read back from the exports bucket; removed tenants are listed (signed cursors) and restored',
  }),
  'policy-setup': g({
    table: 'readwrite', external: ['sitelink'],
    why: 'setup-policy claims the tenant\'s setup, asks SiteLink about the ledger and adds the coverage, and records the tenant as set up (or its error)',
  }),
  imports: g({
    table: 'readwrite', buckets: { uploads: 'readwrite' }, sendTo: ['rent-roll-imports'],
    why: 'upload records and presigned POSTs to the uploads bucket; the multipart calls store the files there; starting writes the job and queues the import',
  }),
  'import-history': g({
    table: 'read', buckets: { exports: 'read' }, appSecret: true,
    why: 'lists the import records (signed cursors); download presigns an import\'s duplicates list or refused-rows report (HeadObject first)',
  }),
  letters: g({
    table: 'readwrite', buckets: { exports: 'read' }, sendTo: ['letter-generation'],
    why: 'Send Letters lists and counts tenants; generate and sample letters write the job record and queue it; download-letters presigns a letter file (HeadObject first)',
  }),
  'letter-batches': g({ table: 'read', why: 'lists letter batches (their files are downloaded through the facilities group)' }),
  jobs: g({
    table: 'readwrite', sendTo: [...JOB_QUEUE_NAMES], deadLetters: [...JOB_QUEUE_NAMES],
    why: 'reads job records for progress polling; Failed jobs lists failed and stalled jobs and the dead-letter queues, retries a job (queued again, its message sent, its dead letter deleted) and dismisses one',
  }),
  respond: g({
    table: 'readwrite', buckets: { uploads: 'readwrite' }, sendsEmail: true,
    why: 'tenant sign-in (access-code lookup, lockout counters, tenant sessions); answers write the tenant, its history and counters; proof files by presigned POST, checked by content; confirmation e-mails',
  }),
  'proof-reviews': g({
    table: 'readwrite', buckets: { uploads: 'read' }, sendsEmail: true, appSecret: true,
    why: 'lists waiting proofs (signed cursors), presigns a proof document for viewing, accept/reject write the proof, the tenant, its history and counters; rejection e-mails',
  }),
};

export const WORKER_GRANTS: Record<WorkerQueueName, FunctionGrant> = {
  'rent-roll-imports': g({ table: 'readwrite', buckets: { uploads: 'read', exports: 'readwrite' }, why: 'reads the uploaded rent roll, writes tenants, job progress and the import\'s record, writes the duplicates and refused-rows reports' }),
  'letter-generation': g({
    table: 'readwrite', buckets: { exports: 'readwrite' }, sendsEmail: true,
    why: 'marks letters sent, records letter batches, writes letter PDFs and mail-merge files, e-mails welcome certificates',
  }),
  'archive-exports': g({
    table: 'readwrite', buckets: { exports: 'readwrite' }, sendTo: ['archive-exports'], appSecret: true,
    why: 'reads the facility and tenant lists of the spreadsheet export jobs (a program-wide tenant list pages by its signed cursor) and writes each workbook and the job progress; archives the cycle or facility and writes the archive spreadsheet; an archive out of time sends its job on to a new invocation (JobContinues)',
  }),
  'setup-batches': g({
    table: 'readwrite', external: ['storedge'],
    why: 'claims each tenant\'s setup, asks StorEdge about the ledgers and adds the insurance, records the tenants as set up (or their errors) and the batches on the job',
  }),
  'ledger-checks': g({
    table: 'readwrite', buckets: { exports: 'readwrite' }, external: ['sitelink', 'storedge'],
    why: 'asks SiteLink/StorEdge for the ledgers of a scope, writes the removal preview, updates or removes (recoverably) the tenants and job progress; confirms charges; writes the rent roll and ledger report workbooks',
  }),
  'email-events': g({
    table: 'readwrite',
    why: 'SES\'s bounce, complaint and delivery events: writes the address\'s suppression and counts, finds the tenants with the address (temail index) and writes their history',
  }),
  'proof-reading': g({
    table: 'readwrite', buckets: { uploads: 'read' },
    why: 'reads a kept proof file (S3 notice), the proof, its cycle and facility and the program settings; writes the proof\'s reading and its policy-number and file keys, and reads other proofs under them',
  }),
};

/** Work on a clock (shared/schedules.ts): an EventBridge rule starts each. */
export const SCHEDULE_GRANTS: Record<ScheduleName, FunctionGrant> = {
  'daily-schedule': g({
    table: 'readwrite', sendsEmail: true, appSecret: true,
    why: 'reads the proof-expiry index and the cycles catalog for what is due today, claims each reminder once, e-mails reminders (their unsubscribe links signed with a key derived from the app secret), takes tenants whose proof ended back to no response, writes their history',
  }),
};
