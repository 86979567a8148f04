/**
 * The program's own CloudWatch metrics (issue 26), named once: the code records them as embedded-metric
 * log lines (functions/runtime/metrics.ts), CloudWatch Logs turns those into metrics of one namespace, and
 * the dashboard (infra/dashboard.ts) and the runbook (docs/operations.md "Reading the dashboard") read them.
 * Each is a count with at most one dimension of its own besides `service`, whose values are listed here so
 * the dashboard can draw a line for each.
 */

/** The namespace of every metric the program records. */
export const METRICS_NAMESPACE = 'AuditLetterProgram';

/** The `service` dimension of every metric, and the logs' service name (functions/runtime/logger.ts, infra/app-function.ts). */
export const PROGRAM_SERVICE = 'audit-letter-program';

interface MetricDef {
  /** What one recorded value counts, for the runbook and the dashboard. */
  counts: string;
  /** The metric's own dimension and its values, or null. */
  dimension: { name: string; values: readonly string[] } | null;
}

export const POLICY_SOFTWARE = ['sitelink', 'storedge'] as const;

export const BUSINESS_METRICS = {
  TenantsImported: { counts: 'tenants a rent-roll import wrote (one value per import)', dimension: null },
  TenantsRefused: { counts: 'rows a rent-roll import refused (one value per import)', dimension: null },
  LettersGenerated: { counts: 'letters a letter batch put in its PDF for mailing', dimension: null },
  EmailsSent: {
    counts: 'e-mails SES accepted, by kind',
    dimension: { name: 'email', values: ['welcome_certificate', 'portal_confirmation', 'proof_rejection', 'proof_expiry_reminder', 'deadline_reminder'] },
  },
  PolicySetupsSucceeded: { counts: 'tenants set up in their facility software, by software', dimension: { name: 'software', values: POLICY_SOFTWARE } },
  PolicySetupsFailed: { counts: 'tenant setups that failed, by software', dimension: { name: 'software', values: POLICY_SOFTWARE } },
  ChargeChecksConfirmed: { counts: 'tenant charges a Check Charges job confirmed', dimension: null },
  ArchiveRowsWritten: { counts: 'tenants written into archive exports', dimension: null },
  PortalSignIns: { counts: 'tenant sign-ins on the response portal', dimension: null },
  PortalSignInsRefused: { counts: 'portal sign-ins refused for a wrong access code or ZIP code', dimension: null },
  PortalLockouts: { counts: 'portal sign-ins refused because the access code or the client address was locked', dimension: null },
  PortalAnswers: { counts: 'answers tenants saved on the portal, by kind', dimension: { name: 'answer', values: ['coverage', 'opt_out', 'proof'] } },
  ProofsDecided: { counts: 'proofs of insurance staff decided, by decision', dimension: { name: 'decision', values: ['accepted', 'rejected'] } },
  ProofsExpired: { counts: 'tenants the daily schedule took back to no response because their proof of insurance ended', dimension: null },
} as const satisfies Record<string, MetricDef>;

export type MetricName = keyof typeof BUSINESS_METRICS;

/** The value of a metric's own dimension, or nothing for a metric without one. */
export type DimensionValueOf<N extends MetricName> = (typeof BUSINESS_METRICS)[N]['dimension'] extends { values: readonly (infer V)[] } ? V : never;
