/**
 * The single host users open: CloudFront serves the SPA and the tenant portal's page from a private
 * bucket (origin access control) and sends /api/* to the REST API, so the browser never needs CORS
 * (DESIGN.md). The WAF stack's web ACL (us-east-1) guards the distribution.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, CfnOutput, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  AllowedMethods, CachePolicy, Distribution, Function as CloudFrontFunction, FunctionCode, FunctionEventType, FunctionRuntime,
  HeadersFrameOption, HeadersReferrerPolicy, HttpVersion, OriginRequestPolicy, PriceClass, ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Bucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { ApiOriginGuard } from './api-origin-guard';
import { secureBucket } from './secure-bucket';
import { SPA_REWRITE_CODE } from './spa-rewrite';
import { contentSecurityPolicy, FRAME_OPTION, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../shared/security-headers';

/**
 * The origin presigned POSTs go to: the AWS SDK addresses the bucket virtual-hosted on its regional
 * endpoint (https://<bucket>.s3.<region>.amazonaws.com/, us-east-1 included), so it is built the same
 * way rather than from the RegionalDomainName attribute, which is the legacy global name in us-east-1.
 */
export function bucketUploadOrigin(bucket: IBucket): string {
  const stack = Stack.of(bucket);
  return `https://${bucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
}

export const WEB_DIST_MISSING = 'audit-letter:web-dist-missing';

export interface WebStackProps extends StackProps {
  api: RestApi;
  /** The data stack's uploads bucket, which the pages POST files to (Content-Security-Policy connect-src). */
  uploadsBucket: IBucket;
  /** The CLOUDFRONT-scope web ACL of the WAF stack (us-east-1). */
  webAclArn: string;
  /** Names the API's web ACL (audit-letter-<stage>-api). */
  stage: string;
  /** The built SPA (web/dist); deployed only when it holds index.html. */
  webDist: string;
}

export class WebStack extends Stack {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly apiGuard: ApiOriginGuard;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // CloudFront standard logs are delivered with ACLs, so this bucket keeps ACLs enabled.
    const logs = secureBucket(this, 'web-logs', {
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-web-logs', expiration: Duration.days(365) }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the log bucket of the site bucket and the distribution; logging it into itself would loop.',
    });
    this.siteBucket = secureBucket(this, 'site', { accessLogs: logs });

    const securityHeaders = new ResponseHeadersPolicy(this, 'security-headers', {
      comment: 'Audit Letter Program security headers',
      securityHeadersBehavior: {
        // shared/security-headers.ts: the local front door sends the same headers.
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ uploads: bucketUploadOrigin(props.uploadsBucket) }), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTION as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      },
    });
    // SPA fallback in a viewer-request function on the site behaviour only: distribution-wide error
    // responses would also turn /api 403/404 answers into index.html.
    const spaRewrite = new CloudFrontFunction(this, 'spa-rewrite', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Extension-less paths are client-side routes: /respond... serves /respond.html, the rest /index.html',
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    this.apiGuard = new ApiOriginGuard(this, 'api-guard', { api: props.api, stage: props.stage });
    this.distribution = new Distribution(this, 'cdn', {
      comment: 'Audit Letter Program',
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // The secret header is what lets a request past the API's own web ACL (api-origin-guard.ts).
          origin: new RestApiOrigin(props.api, { customHeaders: this.apiGuard.originHeaders }),
          // A redirect would turn POSTs into GETs, so plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Authorization, X-Authorization and content types reach the API; Host must stay the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Facilities and staff are spread over the country and travel; access is controlled by login, not by geography.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'The distribution uses the default *.cloudfront.net certificate, for which CloudFront cannot raise the minimum TLS version; TLSv1.2_2021 applies as soon as a custom domain and ACM certificate are added.',
      },
    );

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}`, description: 'Open this address' });
    this.deploySite(props.webDist);
  }

  /**
   * Hashed files under assets/ are cached for a year; index.html and the other root files revalidate on
   * every load. Nothing is pruned, so a tab still running the previous build can load its lazy chunks.
   */
  private deploySite(webDist: string): void {
    if (!existsSync(join(webDist, 'index.html'))) {
      Annotations.of(this).addWarningV2(WEB_DIST_MISSING,
        `${webDist}/index.html not found: the site bucket is deployed empty. Run 'npm run build:web' before 'cdk deploy'.`);
      return;
    }
    const hashedDir = join(webDist, 'assets');
    const hashed = existsSync(hashedDir)
      ? new BucketDeployment(this, 'deploy-hashed-assets', {
        sources: [Source.asset(hashedDir)],
        destinationBucket: this.siteBucket,
        destinationKeyPrefix: 'assets/',
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      })
      : undefined;
    const root = new BucketDeployment(this, 'deploy-root-files', {
      sources: [Source.asset(webDist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.siteBucket,
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html must never reference chunks that are not uploaded yet.
    if (hashed) root.node.addDependency(hashed);
    this.acknowledgeDeploymentHandler();
  }

  /** How cdk-nag writes a pseudo parameter in a finding: the value once the stack's environment fixes it. */
  private nagName(value: string, pseudo: string): string {
    return Token.isUnresolved(value) ? `<${pseudo}>` : value;
  }

  /** BucketDeployment's copy Lambda is a CDK-provided singleton at the stack root; it runs only during deploys. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found; cdk-nag acknowledgements need updating.');
    const site = this.getLogicalId(this.siteBucket.node.defaultChild as CfnElement);
    const copyReason = 'CDK BucketDeployment copies the built SPA from the CDK asset bucket into the site bucket at deploy time; its grants are CDK-generated and scoped to those two buckets.';
    Validations.of(handler).acknowledge(
      { id: 'AwsSolutions-L1', reason: 'The runtime of the CDK-provided BucketDeployment handler is chosen by aws-cdk-lib and moves with it; it runs only during deploys.' },
      { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: 'CDK-provided BucketDeployment handler role; the managed policy only writes its own logs.' },
      ...['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*', 'Action::s3:Abort*', 'Action::s3:DeleteObject*',
        `Resource::arn:${this.nagName(this.partition, 'AWS::Partition')}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.nagName(this.region, 'AWS::Region')}/*`,
        `Resource::<${site}.Arn>/*`]
        .map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason: copyReason })),
      { id: 'AwsSolutions-IAM5[Resource::*]', reason: `${copyReason} The '*' statement is the CloudFront invalidation CDK adds (CloudFront invalidations take no resource-level ARN).` },
    );
  }
}
