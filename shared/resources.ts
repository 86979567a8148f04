/**
 * The AWS resources of the program, written once: CDK builds them for a deployment and the local
 * bootstrap creates the same ones in the emulator, so local and deployed never drift.
 * Physical names locally are `${prefix}-${logical}`; deployed, CDK names them and passes them as env.
 */

/** Single-table design (docs/data-model.md): every entity lives in one table, keyed pk/sk. */
export const APP_TABLE = {
  logicalName: 'app',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Expired sessions and login locks are removed by DynamoDB TTL on this attribute (epoch seconds). */
  ttlAttribute: 'expires_at_epoch',
  /**
   * Overloaded indexes (gsiN: each entity documents what it writes into gsiNpk/gsiNsk) and the tenant
   * list indexes (functions/tenants/tenant-record.ts): two slim ones that project what the in-memory
   * filters of a facility's or a cycle's list read, and keys-only ones whose key alone answers a
   * program-wide list (the page's items are then read with BatchGetItem).
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
    { name: 'tcyc', partitionKey: 'tcycpk', sortKey: 'tcycsk', projection: 'SLIM' },
    { name: 'tfac', partitionKey: 'tfacpk', sortKey: 'tfacsk', projection: 'SLIM' },
    { name: 'tgrp', partitionKey: 'tgrppk', sortKey: 'tgrpsk', projection: 'KEYS_ONLY' },
    { name: 'ttag', partitionKey: 'ttagpk', sortKey: 'ttagsk', projection: 'KEYS_ONLY' },
    { name: 'tset', partitionKey: 'tsetpk', sortKey: 'tsetsk', projection: 'KEYS_ONLY' },
    { name: 'tname', partitionKey: 'tnamepk', sortKey: 'tnamesk', projection: 'KEYS_ONLY' },
    // Added after the others: a deployment adds it alone (CloudFormation creates one index per table update).
    { name: 'tname2', partitionKey: 'tname2pk', sortKey: 'tname2sk', projection: 'KEYS_ONLY' },
    { name: 'tunit', partitionKey: 'tunitpk', sortKey: 'tunitsk', projection: 'KEYS_ONLY' },
    { name: 'tldg', partitionKey: 'tldgpk', sortKey: 'tldgsk', projection: 'KEYS_ONLY' },
    // Added with tname2 in one release: a stack deployed before it takes two deployments (README: Deploy).
    { name: 'temail', partitionKey: 'temailpk', sortKey: 'temailsk', projection: 'KEYS_ONLY' },
    // Issue 27, the proof-expiry index: tenants whose accepted proof ends, by month, sorted by the day it ends
    // (functions/tenants/tenant-record.ts proofExpiryIndexKeys). Added alone: a deployment adds it by itself.
    { name: 'texpiry', partitionKey: 'texpirypk', sortKey: 'texpirysk', projection: 'KEYS_ONLY' },
  ],
} as const;

/**
 * What the SLIM tenant indexes project besides the keys: the fields a facility's or cycle's list filters and
 * sorts on, and the ledger id a rent-roll import finds a facility's existing tenants by.
 */
export const SLIM_TENANT_ATTRIBUTES = [
  'id', 'facility_number', 'cycle_id', 'first_name', 'last_name', 'unit', 'status', 'tagged_for_removal', 'incomplete_address',
  'setup_insurance_date', 'policy_number', 'insur_ledger_id', 'ledger_id', 'move_in_date', 'billing_date', 'charge_apply_date',
  'mailing',
] as const;

export type IndexProjection = (typeof APP_TABLE.indexes)[number]['projection'];
/** The projection of an index as DynamoDB takes it. */
export function projectionOf(projection: IndexProjection): { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] } {
  if (projection === 'SLIM') return { ProjectionType: 'INCLUDE', NonKeyAttributes: [...SLIM_TENANT_ATTRIBUTES] };
  return { ProjectionType: projection };
}

export const BUCKETS = {
  /** Rent rolls staff send in and tenants' proofs of insurance (the browser POSTs them straight here: UPLOAD_CORS). */
  uploads: { logicalName: 'uploads' },
  /** Exports, letters and archives the program writes for download. */
  exports: { logicalName: 'exports' },
} as const;
export type BucketName = keyof typeof BUCKETS;

/** An import's files (functions/imports/import-files.ts) are kept this long after upload, for a look when an import went wrong. */
export const IMPORT_UPLOADS_PREFIX = 'imports/';
export const IMPORT_UPLOAD_DAYS = 7;

/**
 * A tenant's proof file arrives under PROOF_UPLOADS_PREFIX (the only proofs key a presigned POST ever
 * names) and, once submitted and checked, is copied to CHECKED_PROOFS_PREFIX, which no POST targets and
 * which is kept with the tenant's record (functions/respond/proof-file.ts). An upload is read within
 * minutes of its POST; one never submitted is deleted by the bucket after PROOF_UPLOAD_DAYS.
 */
export const PROOF_UPLOADS_PREFIX = 'proofs/uploads/';
export const CHECKED_PROOFS_PREFIX = 'proofs/checked/';
export const PROOF_UPLOAD_DAYS = 1;

/**
 * The uploads bucket answers the browser's presigned POSTs from the site's origin: the staff app's rent
 * rolls and the portal's proofs. Any origin may read S3's answer: what may be written is decided by the
 * signed policy of each POST (one key, a size range, the file type, ten minutes), which only the import
 * calls (to staff) and the portal's proof-upload call (to a signed-in tenant) hand out. Naming the site's
 * origin instead would add nothing the policy does not already decide, and the deployed site's address
 * is the distribution's, made by the Web stack after the Data stack that holds this bucket.
 */
export const UPLOAD_CORS = { allowedMethods: ['POST'], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAgeSeconds: 3000 } as const;

/**
 * One-off downloads (list, stats and tenant exports) belong under this prefix of the exports bucket
 * and expire after TEMPORARY_EXPORT_DAYS; letters and archive spreadsheets live elsewhere in the bucket
 * and are kept, because the archives tab links to them long after they were made. CDK's lifecycle rule
 * and the export writer (functions/exports) both read it. Key layout: docs/data-model.md.
 */
export const EXPORTS_TEMPORARY_PREFIX = 'temporary/';
/** Letter PDFs and mail-merge workbooks (functions/letters): kept, the letter batches page links to them. */
export const LETTERS_PREFIX = 'letters/';
export const TEMPORARY_EXPORT_DAYS = 7;
/** Archive exports (functions/archives): kept for good, the Archives tab links to them; downloaded only through download-export. */
export const ARCHIVES_PREFIX = 'archives/';
/**
 * The duplicates list and refused-rows report each import leaves (functions/imports/import-reports.ts),
 * downloadable from Import History for IMPORT_REPORT_DAYS; the import's record outlives them.
 */
export const IMPORT_REPORTS_PREFIX = 'import-reports/';
export const IMPORT_REPORT_DAYS = 90;
/**
 * Issue 26: the exports bucket's letters, mail-merge files and archive exports are records of what was
 * mailed, so the bucket keeps versions: one overwritten or deleted stays this long (three years) before
 * S3 removes it (docs/operations.md, "Keeping data"). Temporary files and import reports are not records:
 * their replaced versions go after a day.
 */
export const EXPORTS_RECORD_VERSION_DAYS = 1095;
export const EXPORTS_SCRATCH_VERSION_DAYS = 1;

/**
 * What each bucket deletes by itself, by key prefix. CDK (infra/data-stack.ts) and the local bootstrap
 * (localstack/bootstrap.ts) both apply these rules, so local and deployed buckets keep files alike.
 * Prefixes never overlap: S3 applies the shortest expiration of overlapping rules.
 */
export const BUCKET_EXPIRATIONS: Readonly<Record<BucketName, readonly { id: string; prefix: string; days: number }[]>> = {
  uploads: [
    { id: 'expire-import-files', prefix: IMPORT_UPLOADS_PREFIX, days: IMPORT_UPLOAD_DAYS },
    { id: 'expire-unsubmitted-proofs', prefix: PROOF_UPLOADS_PREFIX, days: PROOF_UPLOAD_DAYS },
  ],
  exports: [
    { id: 'expire-temporary-exports', prefix: EXPORTS_TEMPORARY_PREFIX, days: TEMPORARY_EXPORT_DAYS },
    { id: 'expire-import-reports', prefix: IMPORT_REPORTS_PREFIX, days: IMPORT_REPORT_DAYS },
  ],
};

/** Environment variable names through which handlers learn physical resource names. */
export const ENV = {
  table: 'APP_TABLE_NAME',
  uploadsBucket: 'UPLOADS_BUCKET_NAME',
  exportsBucket: 'EXPORTS_BUCKET_NAME',
  appSecretArn: 'APP_SECRET_ARN',
  appSecret: 'APP_SECRET',
  version: 'APP_VERSION',
  stage: 'APP_STAGE',
  /** Outside systems (EXTERNAL_SYSTEMS below): an empty URL means the system is not configured. */
  sitelinkUrl: 'SITELINK_API_URL',
  sitelinkCorpCode: 'SITELINK_CORP_CODE',
  sitelinkUser: 'SITELINK_API_USER',
  sitelinkPassword: 'SITELINK_API_PASSWORD',
  storedgeUrl: 'STOREDGE_API_URL',
  /** StorEdge signs requests with OAuth 1.0a: the API key is the consumer key, this the consumer secret. */
  storedgeApiKey: 'STOREDGE_API_KEY',
  storedgeApiSecret: 'STOREDGE_API_SECRET',
  crmUrl: 'CRM_API_URL',
  crmToken: 'CRM_API_TOKEN',
  /** Deployed, each system's credentials sit in its own Secrets Manager secret, named by these ARNs. */
  sitelinkSecretArn: 'SITELINK_SECRET_ARN',
  storedgeSecretArn: 'STOREDGE_SECRET_ARN',
  crmSecretArn: 'CRM_SECRET_ARN',
  /** The address welcome certificates are e-mailed from (an SES identity verified for the account). */
  certificateSender: 'CERTIFICATE_SENDER_EMAIL',
  /** The SES configuration set every e-mail is sent with: its bounce, complaint and delivery events come back (infra/email-events.ts). */
  emailConfigurationSet: 'EMAIL_CONFIGURATION_SET',
  /** How long a call to an outside system may take, in ms (default 10000). */
  externalTimeoutMs: 'EXTERNAL_API_TIMEOUT_MS',
} as const;

/** The configuration set of a data stack is named `{stack name}-email` (infra/email-events.ts), so the local bootstrap names it alike. */
export const EMAIL_CONFIGURATION_SET_SUFFIX = '-email';
export const emailConfigurationSetName = (stackName: string): string => `${stackName}${EMAIL_CONFIGURATION_SET_SUFFIX}`;
/** The SES events the configuration set publishes to the program (in SES's words, lower case). */
export const EMAIL_EVENT_TYPES = ['bounce', 'complaint', 'delivery'] as const;

/** The sender of welcome certificates on the local stack (bootstrap verifies it in the emulator's SES). */
export const LOCAL_CERTIFICATE_SENDER = 'certificates@auditletter.example';

/**
 * The outside systems the program calls over HTTP (functions/external), with the environment variables
 * that configure each: base URL first, then credentials. Deployed, CDK sets the URL from context and
 * `secretArn` names the system's Secrets Manager secret, a JSON object holding the credentials under
 * the same variable names (functions/external/secret-settings.ts); only the functions whose grant lists
 * the system get either (shared/grants.ts). The local runtime sets the variables to its simulators.
 */
export const EXTERNAL_SYSTEMS = {
  sitelink: { label: 'SiteLink', env: [ENV.sitelinkUrl, ENV.sitelinkCorpCode, ENV.sitelinkUser, ENV.sitelinkPassword], secretArn: ENV.sitelinkSecretArn },
  storedge: { label: 'StorEdge', env: [ENV.storedgeUrl, ENV.storedgeApiKey, ENV.storedgeApiSecret], secretArn: ENV.storedgeSecretArn },
  crm: { label: 'The CRM', env: [ENV.crmUrl, ENV.crmToken], secretArn: ENV.crmSecretArn },
} as const;
export type ExternalSystem = keyof typeof EXTERNAL_SYSTEMS;
