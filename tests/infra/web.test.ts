/** One host: CloudFront serves the SPA from a private bucket and forwards /api/* to the REST API. */
import { describe, expect, it } from 'vitest';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { SPA_REWRITE_CODE } from '../../infra/spa-rewrite';
import { logicalId, mentions, resourcesOf, synthApp } from './synth';

const { stacks, templates } = synthApp();
const web = templates.web;
const distribution = Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const originById = (id: string) => distribution.Origins.find((o: { Id: string }) => o.Id === id);

describe('site behaviour', () => {
  it('serves the private site bucket through origin access control', () => {
    const origin = originById(distribution.DefaultCacheBehavior.TargetOriginId);
    expect(mentions(origin.DomainName, logicalId(stacks.web.siteBucket))).toBe(true);
    expect(origin.OriginAccessControlId).toBeDefined();
    const policy = Object.values(resourcesOf(web, 'AWS::S3::BucketPolicy'))
      .find((p) => mentions(p.Properties.Bucket, logicalId(stacks.web.siteBucket)))!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(expect.objectContaining({
      Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject',
    }));
  });

  it('rewrites client-side routes with a viewer-request function, not distribution-wide error pages', () => {
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    // Custom error responses would also rewrite /api 403/404 answers into index.html.
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(distribution.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it.each([
    ['/', '/index.html'],
    ['/list-facilities', '/index.html'],
    ['/tenant-list/', '/index.html'],
    ['/manage-cycles/42', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/logo.svg', '/logo.svg'],
  ])('the SPA function serves %s as %s', (uri, expected) => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: unknown) => { uri: string };
    expect(handler({ request: { uri } }).uri).toBe(expected);
  });
});

describe('/api/* behaviour', () => {
  const api = distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');

  it('goes to the REST API stage, uncached, with every viewer header but Host', () => {
    expect(api).toBeDefined();
    const origin = originById(api.TargetOriginId);
    expect(mentions(origin.DomainName, logicalId(stacks.api.api))).toBe(true);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE', 'OPTIONS']));
    expect(api.FunctionAssociations).toBeUndefined();
    expect(api.ViewerProtocolPolicy).toBe('https-only');
  });

  it('sends the same security headers as the site', () => {
    expect(api.ResponseHeadersPolicyId).toEqual(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId);
    const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("script-src 'self'");
  });
});

describe('site deployment (web/dist present)', () => {
  const deployments = Object.values(resourcesOf(web, 'Custom::CDKBucketDeployment')).map((d) => d.Properties);

  it('uploads hashed assets as immutable and revalidates index.html, then invalidates the cache', () => {
    expect(deployments).toHaveLength(2);
    const hashed = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/')!;
    const root = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined)!;
    expect(hashed.SystemMetadata['cache-control']).toContain('immutable');
    expect(root.SystemMetadata['cache-control']).toBe('no-cache');
    expect(root.DistributionPaths).toEqual(['/*']);
    // Keeping old chunks lets a tab running the previous build still load its lazy routes.
    for (const d of deployments) expect(d.Prune).toBe(false);
  });

  it('logs the distribution', () => {
    expect(distribution.Logging.Bucket).toBeDefined();
  });
});
