/**
 * The WAF stack's web ACL (us-east-1, CLOUDFRONT): the managed rule sets, the per-IP rate limits of the
 * sign-ins and the portal, and the size limits kept on the public paths. The rules' statements are run
 * on sample requests by a small evaluator of the statement kinds the ACL uses, so the tests say which
 * requests each rule counts or blocks, not only how the template reads.
 */
import { describe, expect, it } from 'vitest';
import {
  COUNTED_SIZE_RULES, RATE_LIMITS, RATE_WINDOW_SECONDS, TOO_MANY_REQUESTS, WAF_REGION,
} from '../../infra/waf-stack';
import { ROUTES } from '../../shared/routes';
import { TEST_STAGE, logicalId, resourcesOf, synthApp } from './synth';

const { stacks, templates } = synthApp();
const waf = templates.waf;
const [acl] = Object.values(resourcesOf(waf, 'AWS::WAFv2::WebACL'));
const props = acl!.Properties;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Statement = any;
interface Rule { Name: string; Priority: number; Statement: Statement; Action?: Statement; OverrideAction?: Statement; VisibilityConfig: Statement }
const rules = props.Rules as Rule[];
const rule = (name: string) => rules.find((r) => r.Name === name)!;

interface Sample { method: string; path: string; labels?: string[] }

/** What WAF's URL_DECODE then NORMALIZE_PATH make of a path. */
function transformed(path: string, transforms: { Type: string }[]): string {
  let value = path;
  for (const { Type } of transforms) {
    if (Type === 'URL_DECODE') value = decodeURIComponent(value);
    else if (Type === 'NORMALIZE_PATH') value = new URL(value.replace(/\/{2,}/g, '/'), 'https://x').pathname;
    else if (Type !== 'NONE') throw new Error(`No evaluator for text transformation ${Type}`);
  }
  return value;
}

/** Whether a statement matches a request; the kinds the web ACL uses, and nothing else. */
function matches(statement: Statement, request: Sample): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s: Statement) => matches(s, request));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s: Statement) => matches(s, request));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, request);
  if (statement.LabelMatchStatement) return (request.labels ?? []).includes(statement.LabelMatchStatement.Key);
  if (statement.ByteMatchStatement) {
    const { FieldToMatch, PositionalConstraint, SearchString, TextTransformations } = statement.ByteMatchStatement;
    const field = FieldToMatch.UriPath ? request.path : FieldToMatch.Method ? request.method : undefined;
    if (field === undefined) throw new Error(`No evaluator for field ${JSON.stringify(FieldToMatch)}`);
    const value = transformed(field, TextTransformations);
    if (PositionalConstraint === 'EXACTLY') return value === SearchString;
    if (PositionalConstraint === 'STARTS_WITH') return value.startsWith(SearchString);
    throw new Error(`No evaluator for ${PositionalConstraint}`);
  }
  throw new Error(`No evaluator for ${JSON.stringify(statement)}`);
}

/** Whether a rate-based rule counts the request against its limit. */
const counts = (name: string, request: Sample): boolean => {
  const { ScopeDownStatement } = rule(name).Statement.RateBasedStatement;
  return ScopeDownStatement === undefined || matches(ScopeDownStatement, request);
};

describe('web ACL', () => {
  it('guards CloudFront from us-east-1 and lets through what no rule blocks', () => {
    expect(stacks.waf.region).toBe(WAF_REGION);
    expect(props.Scope).toBe('CLOUDFRONT');
    expect(props.DefaultAction).toEqual({ Allow: {} });
    expect(props.Name).toBe(`audit-letter-${TEST_STAGE}-site`);
  });

  it('puts CloudWatch metrics and sampled requests on the ACL and every rule', () => {
    for (const config of [props.VisibilityConfig, ...rules.map((r) => r.VisibilityConfig)]) {
      expect(config).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: expect.any(String) });
    }
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('uses the AWS managed common, known-bad-inputs and IP reputation rule sets with their own actions', () => {
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const r of managed) {
      expect(r.OverrideAction).toEqual({ None: {} });
      expect(r.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
    }
  });

  it('lets only the common rule set\'s body and query size rules count, to block them again below', () => {
    const common = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement;
    expect(common.RuleActionOverrides).toEqual(Object.keys(COUNTED_SIZE_RULES).map((name) => ({ Name: name, ActionToUse: { Count: {} } })));
    const oversize = rule('oversize-on-public-paths');
    expect(oversize.Action).toEqual({ Block: {} });
    expect(oversize.Priority).toBeGreaterThan(rule('AWSManagedRulesCommonRuleSet').Priority);
  });
});

describe('size limits (8 KB body, 2 KB query)', () => {
  const body = COUNTED_SIZE_RULES.SizeRestrictions_BODY;
  const query = COUNTED_SIZE_RULES.SizeRestrictions_QUERYSTRING;
  const blocked = (request: Sample) => matches(rule('oversize-on-public-paths').Statement, request);

  it.each([
    ['POST', '/api/tenants/import', body],
    ['POST', '/api/cycles/import-tenants', body],
    ['POST', '/api/facilities/f-1', body],
    ['POST', '/api/tenants/bulk', body],
    ['POST', '/api/managers/tag-tenants', body],
    ['POST', '/api/tenants/setup-policies', body],
    ['DELETE', '/api/tenants/bulk', query],
  ])('let the staff app\'s large %s %s through', (method, path, labelled) => {
    expect(blocked({ method, path, labels: [labelled] })).toBe(false);
  });

  it.each([
    ['POST', '/api/respond/sign-in', body],
    ['POST', '/api/respond/proof', body],
    ['POST', '/api/respond//coverage', body],
    ['POST', '/api/%72espond/opt-out', body],
    ['GET', '/api/respond/letter', query],
    ['POST', '/api/login', body],
    ['GET', '/api/app/status', query],
    ['POST', '/respond', body],
    ['GET', '/', query],
  ])('still block %s %s where no staff login stands in front', (method, path, labelled) => {
    expect(blocked({ method, path, labels: [labelled] })).toBe(true);
  });

  it('cover every public and portal route of the route table', () => {
    for (const route of ROUTES.filter((r) => r.access === 'public' || r.access === 'respondent')) {
      expect(blocked({ method: route.method, path: route.path, labels: [body] }), route.path).toBe(true);
    }
  });

  it('block nothing that the common rule set did not flag', () => {
    expect(blocked({ method: 'POST', path: '/api/respond/sign-in' })).toBe(false);
  });
});

describe('rate limits per client IP', () => {
  it.each(['respond-sign-in-rate', 'respond-rate', 'staff-login-rate', 'site-rate'])('%s counts per IP over 5 minutes and answers 429 in the API\'s JSON shape', (name) => {
    const { RateBasedStatement } = rule(name).Statement;
    expect(RateBasedStatement.AggregateKeyType).toBe('IP');
    expect(RateBasedStatement.EvaluationWindowSec).toBe(RATE_WINDOW_SECONDS);
    expect(rule(name).Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'too-many-requests' } } });
  });

  it('says why in the body the pages show', () => {
    const response = props.CustomResponseBodies['too-many-requests'];
    expect(response.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(response.Content)).toEqual({ error: TOO_MANY_REQUESTS });
  });

  it('holds the portal\'s sign-in to a household\'s few tries, below the portal\'s and the site\'s limits', () => {
    expect(rule('respond-sign-in-rate').Statement.RateBasedStatement.Limit).toBe(RATE_LIMITS.respondSignIn);
    expect(rule('respond-rate').Statement.RateBasedStatement.Limit).toBe(RATE_LIMITS.respond);
    expect(rule('staff-login-rate').Statement.RateBasedStatement.Limit).toBe(RATE_LIMITS.staffLogin);
    expect(rule('site-rate').Statement.RateBasedStatement.Limit).toBe(RATE_LIMITS.site);
    expect(RATE_LIMITS.respondSignIn).toBeLessThanOrEqual(30);
    expect(RATE_LIMITS.respondSignIn).toBeLessThan(RATE_LIMITS.respond);
    expect(RATE_LIMITS.respond).toBeLessThan(RATE_LIMITS.site);
    // Ahead of the managed rule sets' blocks, so a guesser is counted whatever else it trips.
    expect(rule('respond-sign-in-rate').Priority).toBeLessThan(rule('AWSManagedRulesCommonRuleSet').Priority);
  });

  it.each([
    ['POST', '/api/respond/sign-in', true],
    ['POST', '/api/respond//sign-in', true],
    ['POST', '/api/respond/%73ign-in', true],
    ['POST', '/api/respond/./sign-in', true],
    ['GET', '/api/respond/sign-in', false],
    ['POST', '/api/respond/coverage', false],
    ['POST', '/api/login', false],
  ])('counts %s %s against the portal sign-in limit: %s', (method, path, expected) => {
    expect(counts('respond-sign-in-rate', { method, path })).toBe(expected);
  });

  it.each([
    ['GET', '/api/respond/letter', true],
    ['POST', '/api/respond/proof-upload', true],
    ['GET', '/respond', false],
    ['GET', '/api/tenants', false],
  ])('counts %s %s against the portal limit: %s', (method, path, expected) => {
    expect(counts('respond-rate', { method, path })).toBe(expected);
  });

  it.each([
    ['POST', '/api/login', true],
    ['GET', '/api/login', false],
    ['POST', '/api/logout', false],
  ])('counts %s %s against the staff login limit: %s', (method, path, expected) => {
    expect(counts('staff-login-rate', { method, path })).toBe(expected);
  });

  it('counts every request against the site limit', () => {
    expect(rule('site-rate').Statement.RateBasedStatement.ScopeDownStatement).toBeUndefined();
  });
});

describe('logging', () => {
  const [logging] = Object.values(resourcesOf(waf, 'AWS::WAFv2::LoggingConfiguration'));
  const config = logging!.Properties;

  it('logs the ACL\'s blocked and counted requests to an aws-waf-logs- log group kept a year', () => {
    expect(config.ResourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stacks.waf.webAcl), 'Arn'] });
    const [[groupId, group]] = Object.entries(resourcesOf(waf, 'AWS::Logs::LogGroup'));
    expect(group!.Properties.LogGroupName).toMatch(/^aws-waf-logs-/);
    expect(group!.Properties.RetentionInDays).toBe(365);
    // WAF takes the group's ARN without the ':*' that LogGroup.logGroupArn ends with.
    expect(config.LogDestinationConfigs).toEqual([
      { 'Fn::Join': ['', [`arn:aws:logs:${WAF_REGION}:`, { Ref: 'AWS::AccountId' }, ':log-group:', { Ref: groupId }]] },
    ]);
    expect(config.LoggingFilter).toEqual({
      DefaultBehavior: 'DROP',
      Filters: [
        { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] },
        { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'COUNT' } }] },
      ],
    });
  });

  it('never writes a session token into the log', () => {
    expect(config.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'x-authorization' } }]);
  });
});
