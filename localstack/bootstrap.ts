/**
 * The program's resources in the emulator: the CDK data stack deployed through CloudFormation
 * (localstack/data-stack.ts), the same template the app deploys. Safe to run again: an unchanged stack is
 * kept, a changed one updated.
 */
import { SESClient, VerifyEmailIdentityCommand } from '@aws-sdk/client-ses';
import { ENV, LOCAL_CERTIFICATE_SENDER } from '../shared/resources';
import { deployDataStack } from './data-stack';

export type ResourceEnv = Record<string, string>;

/**
 * The program's resources under `prefix`: the CDK data stack `<prefix>-data`, then the SES sender
 * identity, which ops verify outside the stacks.
 */
export async function bootstrapResources(prefix: string): Promise<ResourceEnv> {
  return { ...(await deployDataStack(prefix)), ...(await verifySender()) };
}

/** SES sends only from a verified identity; deployed, ops verify the program's domain (docs/operations). */
async function verifySender(): Promise<ResourceEnv> {
  const sender = process.env[ENV.certificateSender] ?? LOCAL_CERTIFICATE_SENDER;
  await new SESClient({ region: process.env.AWS_REGION ?? 'us-east-1' }).send(new VerifyEmailIdentityCommand({ EmailAddress: sender }));
  return { [ENV.certificateSender]: sender };
}
