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
  /** Overloaded indexes: each entity documents what it writes into gsiNpk/gsiNsk. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export const BUCKETS = {
  /** Rent rolls and other files users send in. */
  uploads: { logicalName: 'uploads' },
  /** Exports, letters and archives the program writes for download. */
  exports: { logicalName: 'exports' },
} as const;
export type BucketName = keyof typeof BUCKETS;

/**
 * One-off downloads (list, stats and tenant exports) belong under this prefix of the exports bucket
 * and expire after TEMPORARY_EXPORT_DAYS; letters and archive spreadsheets live elsewhere in the bucket
 * and are kept, because the archives tab links to them long after they were made. CDK's lifecycle rule
 * and the export writer (functions/exports) both read it. Key layout: docs/data-model.md.
 */
export const EXPORTS_TEMPORARY_PREFIX = 'temporary/';
export const TEMPORARY_EXPORT_DAYS = 7;

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
  storedgeApiKey: 'STOREDGE_API_KEY',
  crmUrl: 'CRM_API_URL',
  crmToken: 'CRM_API_TOKEN',
  /** Deployed, each system's credentials sit in its own Secrets Manager secret, named by these ARNs. */
  sitelinkSecretArn: 'SITELINK_SECRET_ARN',
  storedgeSecretArn: 'STOREDGE_SECRET_ARN',
  crmSecretArn: 'CRM_SECRET_ARN',
  /** How long a call to an outside system may take, in ms (default 10000). */
  externalTimeoutMs: 'EXTERNAL_API_TIMEOUT_MS',
} as const;

export const localName = (prefix: string, logical: string): string => `${prefix}-${logical}`;

/**
 * The outside systems the program calls over HTTP (functions/external), with the environment variables
 * that configure each: base URL first, then credentials. Deployed, CDK sets the URL from context and
 * `secretArn` names the system's Secrets Manager secret, a JSON object holding the credentials under
 * the same variable names (functions/external/secret-settings.ts); only the functions whose grant lists
 * the system get either (shared/grants.ts). The local runtime sets the variables to its simulators.
 */
export const EXTERNAL_SYSTEMS = {
  sitelink: { label: 'SiteLink', env: [ENV.sitelinkUrl, ENV.sitelinkCorpCode, ENV.sitelinkUser, ENV.sitelinkPassword], secretArn: ENV.sitelinkSecretArn },
  storedge: { label: 'StorEdge', env: [ENV.storedgeUrl, ENV.storedgeApiKey], secretArn: ENV.storedgeSecretArn },
  crm: { label: 'The CRM', env: [ENV.crmUrl, ENV.crmToken], secretArn: ENV.crmSecretArn },
} as const;
export type ExternalSystem = keyof typeof EXTERNAL_SYSTEMS;
