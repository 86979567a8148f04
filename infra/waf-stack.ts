/**
 * The AWS WAF web ACL in front of the CloudFront distribution. A CLOUDFRONT-scope web ACL must live in
 * us-east-1, so it has a stack of its own pinned there; the Web stack reads its ARN with
 * Fn::GetStackOutput (audit-app.ts, infra/README.md "WAF").
 *
 * Rules, in order: IP reputation, the rate limits of the two sign-ins and the portal, the site-wide
 * rate limit, the common rule set (its two size rules only counting), known bad inputs, and the size
 * limits put back on every path anyone can call without a staff login.
 */
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ROUTES } from '../shared/routes';
import { alarmTopic, pagingAlarm } from './alarms';

/** CloudFront takes only web ACLs of scope CLOUDFRONT, which AWS keeps in us-east-1. */
export const WAF_REGION = 'us-east-1';

/** Rate-based rules count requests per client IP over this window (the longest WAF offers). */
export const RATE_WINDOW_SECONDS = 300;
/** The web ACL's name, and its CloudWatch metric name. */
const siteMetricName = (stage: string) => `audit-letter-${stage}-site`;
/** Blocked portal sign-ins in 5 minutes that page ops: far past one family's mistyped codes. */
export const PORTAL_SIGN_IN_BLOCKED_ALARM = 100;

/**
 * Requests per client IP per 5 minutes. A household behind one address signs in a handful of times and
 * makes a few dozen portal calls; a guesser trying codes, or a script flooding the site, passes these
 * within seconds. Everything else the application limits itself (per code, per address, per username).
 */
export const RATE_LIMITS = {
  /** POST /api/respond/sign-in: a family's few tries, not a guesser's run. */
  respondSignIn: 20,
  /** Everything under /api/respond/: sign-in, the letter, the answers and the proof upload. */
  respond: 300,
  /** POST /api/login: an office of staff signing in behind one address. */
  staffLogin: 100,
  /**
   * The whole site: pages, assets and /api, for a head office of staff behind one address. A page that
   * waits for a job polls once a second (web/src/jobs/wait-for-job.ts): 300 calls per 5 minutes per
   * waiting page, so ~30 staff busy at once stay under it; a flood does not.
   */
  site: 10_000,
} as const;

/** The portal's API paths; every route under it is a tenant's (shared/routes.ts, tests/unit/routes.test.ts). */
export const RESPOND_API_PREFIX = '/api/respond/';

/** Said by rate-based blocks in the handlers' JSON shape, so the pages show it like any refused call. */
export const TOO_MANY_REQUESTS = 'Too many requests from your network. Wait a few minutes and try again.';

/**
 * Paths are compared after URL-decoding and normalizing (//, /./, /../), so '/api/respond//sign-in' or
 * '/api/%72espond/sign-in' count against the same limits as the plain path.
 */
const PATH_TRANSFORMS = [{ priority: 0, type: 'URL_DECODE' }, { priority: 1, type: 'NORMALIZE_PATH' }];

type Statement = CfnWebACL.StatementProperty;
const path = (positionalConstraint: 'EXACTLY' | 'STARTS_WITH', searchString: string): Statement => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint, searchString, textTransformations: PATH_TRANSFORMS },
});
const method = (name: string): Statement => ({
  byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: name, textTransformations: [{ priority: 0, type: 'NONE' }] },
});
const and = (...statements: Statement[]): Statement => ({ andStatement: { statements } });
const or = (...statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });
const not = (statement: Statement): Statement => ({ notStatement: { statement } });
const label = (key: string): Statement => ({ labelMatchStatement: { scope: 'LABEL', key } });

const CORE_RULE_SET = 'AWSManagedRulesCommonRuleSet';
/** The common rule set's size rules that only count here (their labels re-block them on public paths). */
export const COUNTED_SIZE_RULES = {
  SizeRestrictions_BODY: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
  SizeRestrictions_QUERYSTRING: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_QueryString',
} as const;

/**
 * Where anyone can send a request without a staff login: the site itself (anything outside /api/), the
 * portal's routes and the other public routes of the route table (the staff login, the app status).
 * Built from ROUTES, so a new public route is covered by itself.
 */
export function publicSurface(): Statement {
  const exact = [...new Set(ROUTES
    .filter((route) => (route.access === 'public' || route.access === 'respondent') && !route.path.startsWith(RESPOND_API_PREFIX))
    .map((route) => route.path))];
  for (const p of exact) {
    // An exact byte match cannot follow a path parameter; such a route would need a prefix rule here.
    if (p.includes('{')) throw new Error(`Public route ${p} has a path parameter: extend publicSurface() in infra/waf-stack.ts.`);
  }
  return or(not(path('STARTS_WITH', '/api/')), path('STARTS_WITH', RESPOND_API_PREFIX), ...exact.map((p) => path('EXACTLY', p)));
}

export interface WafStackProps extends StackProps {
  stage: string;
}

export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const tooMany = { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' } } };
    const rateRule = (name: string, priority: number, limit: number, scopeDownStatement?: Statement): CfnWebACL.RuleProperty => ({
      name, priority, action: tooMany, visibilityConfig: visibility(name),
      statement: {
        rateBasedStatement: { limit, evaluationWindowSec: RATE_WINDOW_SECONDS, aggregateKeyType: 'IP', ...(scopeDownStatement ? { scopeDownStatement } : {}) },
      },
    });
    const managed = (name: string, priority: number, overrides: string[] = []): CfnWebACL.RuleProperty => ({
      name, priority, overrideAction: { none: {} }, visibilityConfig: visibility(name),
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS', name,
          ...(overrides.length > 0 ? { ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
        },
      },
    });

    this.webAcl = new CfnWebACL(this, 'web-acl', {
      name: siteMetricName(props.stage),
      description: 'Audit Letter Program site: managed rule sets and per-IP rate limits on the sign-ins and the portal',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(siteMetricName(props.stage)),
      customResponseBodies: {
        'too-many-requests': { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: TOO_MANY_REQUESTS }) },
      },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('respond-sign-in-rate', 10, RATE_LIMITS.respondSignIn, and(method('POST'), path('EXACTLY', `${RESPOND_API_PREFIX}sign-in`))),
        rateRule('respond-rate', 11, RATE_LIMITS.respond, path('STARTS_WITH', RESPOND_API_PREFIX)),
        rateRule('staff-login-rate', 12, RATE_LIMITS.staffLogin, and(method('POST'), path('EXACTLY', '/api/login'))),
        rateRule('site-rate', 13, RATE_LIMITS.site),
        // The size rules would refuse the staff app's own calls: rent rolls sent multipart to
        // /api/tenants/import and /api/cycles/import-tenants (up to ~4.5 MB), a facility form with its
        // coverage table and lease text, 300 tenant ids (~12 KB) in a bulk edit, tagging or setup, and
        // the same ids in the query of DELETE /api/tenants/bulk (2 KB is ~50 ids). They only count here.
        managed(CORE_RULE_SET, 20, Object.keys(COUNTED_SIZE_RULES)),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 30),
        {
          // ...and block again wherever no staff login stands in front: the site, the portal, the login.
          // Staff routes check the bearer token before reading a body and validate it with zod.
          name: 'oversize-on-public-paths', priority: 40, action: { block: {} }, visibilityConfig: visibility('oversize-on-public-paths'),
          statement: and(or(...Object.values(COUNTED_SIZE_RULES).map(label)), publicSurface()),
        },
      ],
    });

    this.signInBlockedAlarm(props.stage);

    // Blocked and counted requests only: CloudFront's own logs already record every request. Tokens
    // never reach the log (Authorization and the X-Authorization fallback are redacted).
    const logs = new LogGroup(this, 'waf-logs', {
      // WAF delivers only to log groups whose name starts with aws-waf-logs-.
      logGroupName: `aws-waf-logs-audit-letter-${props.stage}`,
      retention: RetentionDays.ONE_YEAR,
      // Kept on delete like the API access logs; a stack created again under the same stage needs the
      // old group deleted first (its name is fixed).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnLoggingConfiguration(this, 'waf-logging', {
      resourceArn: this.webAcl.attrArn,
      // The group's ARN without LogGroup.logGroupArn's ':*' suffix, which WAF refuses.
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'x-authorization' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: ['BLOCK', 'COUNT'].map((action) => ({
          Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: action } }],
        })),
      },
    });
  }

  /** Issue 26: many portal sign-ins blocked at once is someone guessing access codes (its own topic: WAF's metrics are in us-east-1). */
  private signInBlockedAlarm(stage: string): void {
    const rule = 'respond-sign-in-rate';
    pagingAlarm(this, 'portal-sign-in-blocked', alarmTopic(this), {
      name: 'portal sign-ins blocked', runbook: 'portalSignInBlocked',
      what: `The WAF blocked over ${PORTAL_SIGN_IN_BLOCKED_ALARM} tenant portal sign-ins in 5 minutes (its per-address limit is ${RATE_LIMITS.respondSignIn} in ${RATE_WINDOW_SECONDS / 60} minutes): someone is likely guessing access codes.`,
      metric: new Metric({
        namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', period: Duration.minutes(5), statistic: 'Sum',
        // A CloudFront web ACL's metrics have no Region dimension; WebACL and Rule are their metric names.
        dimensionsMap: { WebACL: siteMetricName(stage), Rule: rule },
      }),
      threshold: PORTAL_SIGN_IN_BLOCKED_ALARM, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }
}
