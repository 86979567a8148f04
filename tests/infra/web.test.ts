/** One host: CloudFront serves the SPA from a private bucket and forwards /api/* to the REST API. */
import { describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { DIRECT_CALL_REFUSED, ORIGIN_VERIFY_HEADER } from '../../infra/api-origin-guard';
import { SPA_REWRITE_CODE } from '../../infra/spa-rewrite';
import { WAF_REGION } from '../../infra/waf-stack';
import { securityHeaders } from '../../shared/security-headers';
import { TEST_REGION, logicalId, mentions, resourcesOf, synthApp } from './synth';

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

  // The function's own source, run on sample viewer-request events.
  it.each([
    ['/', '/index.html'],
    ['/list-facilities', '/index.html'],
    ['/tenant-list/', '/index.html'],
    ['/manage-cycles/42', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/logo.svg', '/logo.svg'],
    // The tenant portal is its own page (web/respond.html), never the staff app.
    ['/respond', '/respond.html'],
    ['/respond/', '/respond.html'],
    ['/respond/answer', '/respond.html'],
    ['/respond.html', '/respond.html'],
    ['/assets/respond-abc123.js', '/assets/respond-abc123.js'],
    ['/respondents', '/index.html'],
    ['/tenants/respond', '/index.html'],
  ])('the SPA function serves %s as %s', (uri, expected) => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: unknown) => { uri: string };
    const request = { uri, method: 'GET', querystring: { lang: { value: 'es' } }, headers: {} };
    const result = handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '203.0.113.7' }, request });
    expect(result.uri).toBe(expected);
    // The request goes on to the origin with its query (?lang=es) as it came.
    expect(result).toMatchObject({ method: 'GET', querystring: { lang: { value: 'es' } } });
  });
});

describe('Content-Security-Policy', () => {
  const [policy] = Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
  const csp = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  // The uploads bucket's name is the data stack's export of the bucket's Ref.
  const uploadsExport = Object.values(templates.data.toJSON().Outputs as Record<string, { Value: unknown; Export: { Name: string } }>)
    .find((output) => mentions(output.Value, `"${logicalId(stacks.data.buckets.uploads)}"`) && !mentions(output.Value, 'Arn'))!.Export.Name;
  /** The header as CloudFront sends it, with the bucket name standing in for the import. */
  const rendered = (bucketName: string): string => (csp['Fn::Join'][1] as unknown[]).map((part) => {
    if (typeof part === 'string') return part;
    if (mentions(part, uploadsExport)) return bucketName;
    if (JSON.stringify(part) === '{"Ref":"AWS::URLSuffix"}') return 'amazonaws.com';
    throw new Error(`Unexpected part of the Content-Security-Policy: ${JSON.stringify(part)}`);
  }).join('');
  const directive = (header: string, name: string) => header.split('; ').find((d) => d.startsWith(`${name} `));

  it('lets the pages connect to the site and to the uploads bucket only', () => {
    expect(directive(rendered('uploads-bucket'), 'connect-src')).toBe(`connect-src 'self' https://uploads-bucket.s3.${TEST_REGION}.amazonaws.com`);
  });

  it('allows the address the AWS SDK makes presigned POSTs to (staff rent rolls, tenants\' proofs)', async () => {
    // The address AWS itself gives: not an emulator's, should the suite's integration setup have set AWS_ENDPOINT_URL.
    const s3 = new S3Client({ region: TEST_REGION, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'example' }, ignoreConfiguredEndpointUrls: true });
    const { url } = await createPresignedPost(s3, { Bucket: 'uploads-bucket', Key: 'proofs/t/u', Expires: 600 });
    const allowed = directive(rendered('uploads-bucket'), 'connect-src')!.split(' ').slice(1);
    expect(allowed).toContain(new URL(url).origin);
  });

  it('keeps scripts and forms same-origin, and frames only the help videos\' showcase', () => {
    const header = rendered('uploads-bucket');
    expect(directive(header, 'script-src')).toBe("script-src 'self'");
    expect(directive(header, 'frame-src')).toBe('frame-src https://vimeo.com');
    expect(directive(header, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(header, 'form-action')).toBe("form-action 'self'");
    expect(directive(header, 'object-src')).toBe("object-src 'none'");
  });

  it('are the headers the local front door sends, from the one definition, but for the uploads origin', () => {
    const config = policy!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const hsts = config.StrictTransportSecurity;
    // Each header as CloudFront writes it from the policy.
    const sent = {
      'content-security-policy': rendered('uploads-bucket'),
      'x-content-type-options': config.ContentTypeOptions ? 'nosniff' : undefined,
      'x-frame-options': config.FrameOptions.FrameOption,
      'referrer-policy': config.ReferrerPolicy.ReferrerPolicy,
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
    };
    expect(sent).toEqual(securityHeaders({ uploads: `https://uploads-bucket.s3.${TEST_REGION}.amazonaws.com` }));
    expect(Object.keys(config).sort()).toEqual(['ContentSecurityPolicy', 'ContentTypeOptions', 'FrameOptions', 'ReferrerPolicy', 'StrictTransportSecurity']);
  });
});

describe('web ACL', () => {
  it('attaches the WAF stack\'s CLOUDFRONT web ACL, read from us-east-1', () => {
    const outputs = templates.waf.toJSON().Outputs as Record<string, { Value: unknown }>;
    const [outputName] = Object.entries(outputs).find(([, o]) => JSON.stringify(o.Value) === JSON.stringify({ 'Fn::GetAtt': [logicalId(stacks.waf.webAcl), 'Arn'] }))!;
    expect(distribution.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: stacks.waf.stackName, Region: WAF_REGION, OutputName: outputName },
    });
    expect(stacks.waf.region).toBe(WAF_REGION);
    expect(stacks.web.region).toBe(TEST_REGION);
    // CDK orders the deploy: the web ACL exists before the distribution names it.
    expect(stacks.web.dependencies).toContain(stacks.waf);
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
    expect(headers.ContentSecurityPolicy.Override).toBe(true);
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

describe('the API answers only CloudFront', () => {
  const [acl] = Object.values(resourcesOf(web, 'AWS::WAFv2::WebACL'));
  const secretId = logicalId(stacks.web.apiGuard.secret);
  const secretValue = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };

  it('sends a secret origin header to the API, from a generated secret the template never holds', () => {
    const api = distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(originById(api.TargetOriginId).OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretValue }]);
    expect(resourcesOf(web, 'AWS::SecretsManager::Secret')[secretId]!.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    // The site bucket's origin does not get it.
    expect(originById(distribution.DefaultCacheBehavior.TargetOriginId).OriginCustomHeaders).toBeUndefined();
  });

  it('puts a REGIONAL web ACL on the API stage that lets through only requests with that header', () => {
    const props = acl!.Properties;
    expect(props.Scope).toBe('REGIONAL');
    expect(props.DefaultAction).toEqual({ Block: { CustomResponse: { ResponseCode: 403, CustomResponseBodyKey: 'direct-call' } } });
    expect(JSON.parse(props.CustomResponseBodies['direct-call'].Content)).toEqual({ error: DIRECT_CALL_REFUSED });
    expect(props.Rules).toEqual([expect.objectContaining({
      Action: { Allow: {} },
      Statement: {
        ByteMatchStatement: {
          FieldToMatch: { SingleHeader: { Name: ORIGIN_VERIFY_HEADER } }, PositionalConstraint: 'EXACTLY', SearchString: secretValue,
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      },
    })]);
    const [association] = Object.values(resourcesOf(web, 'AWS::WAFv2::WebACLAssociation'));
    expect(mentions(association!.Properties.ResourceArn, logicalId(stacks.api.api))).toBe(true);
    expect(mentions(association!.Properties.ResourceArn, '/stages/')).toBe(true);
    expect(association!.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [logicalId(stacks.web.apiGuard.webAcl), 'Arn'] });
    expect(stacks.web.region).toBe(stacks.api.region);
  });

  it('logs refused calls without the header\'s value or a token', () => {
    const [logging] = Object.values(resourcesOf(web, 'AWS::WAFv2::LoggingConfiguration'));
    expect(logging!.Properties.RedactedFields).toEqual(expect.arrayContaining([
      { SingleHeader: { Name: ORIGIN_VERIFY_HEADER } }, { SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'x-authorization' } },
    ]));
    expect(logging!.Properties.LoggingFilter.DefaultBehavior).toBe('DROP');
  });
});
