/**
 * CloudFront is the API's only door. The REST API keeps its public execute-api address (CloudFront's
 * origin), so without this a caller could go around the site's web ACL (and its per-IP rate limits)
 * and send a CloudFront-Viewer-Address header of its choosing, which the portal's per-address
 * lockout trusts (functions/runtime/api-handler.ts clientAddress). CloudFront adds a secret header to
 * every request it sends to the API; a REGIONAL web ACL on the API stage refuses every request without it.
 *
 * Lives in the Web stack, beside the distribution that sends the header, so the Data and Api stacks
 * alone still deploy where WAF is not available (LocalStack's free tier, localstack/README.md).
 */
import { ArnFormat, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** The header CloudFront adds (it overwrites one a viewer sends under the same name). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** What a request that skipped CloudFront is told, in the handlers' JSON shape. */
export const DIRECT_CALL_REFUSED = 'Use the program\'s site address.';

export interface ApiOriginGuardProps {
  api: RestApi;
  stage: string;
}

export class ApiOriginGuard extends Construct {
  /** The custom header for CloudFront's API origin. */
  readonly originHeaders: Record<string, string>;
  readonly secret: Secret;
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiOriginGuardProps) {
    super(scope, id);
    this.secret = new Secret(this, 'origin-verify', {
      description: `The value CloudFront sends in ${ORIGIN_VERIFY_HEADER} to the API; the API's web ACL refuses requests without it.`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Read only at deploy time by CloudFormation (CloudFront origin header and the API web ACL rule of this stack); a new value takes effect with a deploy of this stack (infra/README.md), which a rotation Lambda cannot do.',
    });
    // A dynamic reference: CloudFormation resolves it at deploy, the template never holds the value.
    const value = this.secret.secretValue.unsafeUnwrap();
    this.originHeaders = { [ORIGIN_VERIFY_HEADER]: value };

    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    this.webAcl = new CfnWebACL(this, 'web-acl', {
      name: `audit-letter-${props.stage}-api`,
      description: 'Audit Letter Program API: only requests that came through the CloudFront distribution',
      scope: 'REGIONAL',
      defaultAction: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'direct-call' } } },
      visibilityConfig: visibility(`audit-letter-${props.stage}-api`),
      customResponseBodies: {
        'direct-call': { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: DIRECT_CALL_REFUSED }) },
      },
      rules: [{
        name: 'through-cloudfront', priority: 0, action: { allow: {} }, visibilityConfig: visibility('through-cloudfront'),
        statement: {
          byteMatchStatement: {
            fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } }, positionalConstraint: 'EXACTLY', searchString: value,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      }],
    });
    new CfnWebACLAssociation(this, 'api-stage', { resourceArn: props.api.deploymentStage.stageArn, webAclArn: this.webAcl.attrArn });

    // Refused requests only (what went around CloudFront); the header itself is redacted.
    const logs = new LogGroup(this, 'waf-logs', {
      logGroupName: `aws-waf-logs-audit-letter-${props.stage}-api`,
      retention: RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnLoggingConfiguration(this, 'waf-logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [Stack.of(this).formatArn({ service: 'logs', resource: 'log-group', resourceName: logs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [
        { singleHeader: { Name: ORIGIN_VERIFY_HEADER } }, { singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'x-authorization' } },
      ],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] }],
      },
    });
  }
}
