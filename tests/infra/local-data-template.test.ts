/**
 * The template `npm start` and the tests deploy into LocalStack (localstack/data-stack.ts) is the data
 * stack the CDK app deploys: the same resources, property for property, less only the CDK
 * bootstrap-version check. Whether LocalStack accepts it is checked by every integration and end-to-end
 * run, whose setup deploys it and fails when it is refused.
 */
import { describe, expect, it } from 'vitest';
import { synthDataTemplate } from '../../localstack/data-stack';
import { WORKER_QUEUES } from '../../shared/jobs';
import { synthApp } from './synth';

const app = synthApp({ region: 'us-east-1' }).templates.data.toJSON() as { Resources: Record<string, { Type: string }>; Rules?: unknown; Parameters?: Record<string, unknown> };
const local = await synthDataTemplate('us-east-1');
const template = local.template as { Resources: Record<string, { Type: string }>; Rules?: unknown; Parameters?: Record<string, unknown> };

describe('the data stack deployed locally', () => {
  it('has every resource of the app\'s data stack, with the same properties', () => {
    expect(template.Resources).toEqual(app.Resources);
  });

  it('leaves out only the CDK bootstrap-version parameter and rule, which a local deploy has no bootstrap stack for', () => {
    expect(app.Rules).toHaveProperty('CheckBootstrapVersion');
    expect(app.Parameters).toHaveProperty('BootstrapVersion');
    expect(template.Rules).toBeUndefined();
    expect(template.Parameters?.BootstrapVersion).toBeUndefined();
  });

  it('names the resources the program is handed: the table, both buckets, each job and event queue, the app secret and the e-mail events topic', () => {
    const typeOf = (id: string) => template.Resources[id]?.Type;
    expect(typeOf(local.logicalIds.table)).toBe('AWS::DynamoDB::Table');
    expect(typeOf(local.logicalIds.buckets.uploads)).toBe('AWS::S3::Bucket');
    expect(typeOf(local.logicalIds.buckets.exports)).toBe('AWS::S3::Bucket');
    expect(typeOf(local.logicalIds.appSecret)).toBe('AWS::SecretsManager::Secret');
    expect(typeOf(local.logicalIds.emailEventsTopic)).toBe('AWS::SNS::Topic');
    for (const q of WORKER_QUEUES) {
      expect(typeOf(local.logicalIds.queues[q.name]!)).toBe('AWS::SQS::Queue');
      expect(typeOf(local.logicalIds.deadLetterQueues[q.name]!)).toBe('AWS::SQS::Queue');
    }
  });
});
