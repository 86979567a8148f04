/**
 * The program's resources in the emulator: the CDK data stack deployed through CloudFormation
 * (localstack/data-stack.ts), the same template the app deploys. Safe to run again: an unchanged stack is
 * kept, a changed one updated.
 */
import {
  CreateConfigurationSetCommand, CreateConfigurationSetEventDestinationCommand, DescribeConfigurationSetCommand, SESClient, VerifyEmailIdentityCommand,
} from '@aws-sdk/client-ses';
import { EMAIL_EVENT_TYPES, ENV, LOCAL_CERTIFICATE_SENDER } from '../shared/resources';
import { EMAIL_EVENTS_TOPIC_ARN, deployDataStack } from './data-stack';

export type ResourceEnv = Record<string, string>;

/**
 * The program's resources under `prefix`: the CDK data stack `<prefix>-data`, the configuration set the
 * emulator's CloudFormation leaves out, then the SES sender identity, which ops verify outside the stacks.
 */
export async function bootstrapResources(prefix: string): Promise<ResourceEnv> {
  const { [EMAIL_EVENTS_TOPIC_ARN]: topicArn, ...env } = await deployDataStack(prefix);
  await ensureConfigurationSet(env[ENV.emailConfigurationSet]!, topicArn!);
  return { ...env, ...(await verifySender()) };
}

const ses = () => new SESClient({ region: process.env.AWS_REGION ?? 'us-east-1' });

/**
 * The stack's SES configuration set and its event destination (infra/email-events.ts), made through the
 * SES API: the emulator's CloudFormation has no AWS::SES::ConfigurationSet (docs/decisions.md "Returned
 * e-mail"). The emulator then publishes a Send and a Delivery event of each e-mail to the stack's topic.
 */
async function ensureConfigurationSet(name: string, topicArn: string): Promise<void> {
  const client = ses();
  const existing = await client.send(new DescribeConfigurationSetCommand({ ConfigurationSetName: name, ConfigurationSetAttributeNames: ['eventDestinations'] }))
    .catch((err: Error) => (err.name === 'ConfigurationSetDoesNotExistException' ? null : Promise.reject(err)));
  if (!existing) await client.send(new CreateConfigurationSetCommand({ ConfigurationSet: { Name: name } }));
  if (existing?.EventDestinations?.some((d) => d.SNSDestination?.TopicARN === topicArn)) return;
  await client.send(new CreateConfigurationSetEventDestinationCommand({
    ConfigurationSetName: name,
    EventDestination: { Name: 'program', Enabled: true, MatchingEventTypes: [...EMAIL_EVENT_TYPES], SNSDestination: { TopicARN: topicArn } },
  }));
}

/** SES sends only from a verified identity; deployed, ops verify the program's domain (docs/operations). */
async function verifySender(): Promise<ResourceEnv> {
  const sender = process.env[ENV.certificateSender] ?? LOCAL_CERTIFICATE_SENDER;
  await ses().send(new VerifyEmailIdentityCommand({ EmailAddress: sender }));
  return { [ENV.certificateSender]: sender };
}
