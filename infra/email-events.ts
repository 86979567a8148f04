/**
 * Returned e-mail (issue 26): every e-mail the program sends names one SES configuration set, whose
 * bounce, complaint and delivery events go to an SNS topic that feeds the email-events queue (its worker:
 * functions/workers/email-events.ts). The queue, its dead-letter queue and worker come from the queue
 * table (shared/jobs.ts EVENT_QUEUES) like the jobs', so they get their alarms by construction.
 *
 * The configuration set is named after the deployed stack (`{stack}-email`, emailConfigurationSetName),
 * so the local stacks' bootstrap, whose emulator's CloudFormation has no SES configuration sets, makes the
 * same one through the SES API (localstack/bootstrap.ts; docs/decisions.md).
 */
import { Aws, Fn, Validations } from 'aws-cdk-lib';
import { ConfigurationSet, ConfigurationSetEventDestination, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EMAIL_CONFIGURATION_SET_SUFFIX, EMAIL_EVENT_TYPES } from '../shared/resources';

const SES_EVENTS: Record<(typeof EMAIL_EVENT_TYPES)[number], EmailSendingEvent> = {
  bounce: EmailSendingEvent.BOUNCE, complaint: EmailSendingEvent.COMPLAINT, delivery: EmailSendingEvent.DELIVERY,
};

export interface EmailEvents {
  configurationSet: ConfigurationSet;
  topic: Topic;
}

export function emailEvents(scope: Construct, queue: Queue): EmailEvents {
  const topic = new Topic(scope, 'email-events-topic', { displayName: 'Audit Letter Program returned e-mail', enforceSSL: true });
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason: 'SES publishes its bounce, complaint and delivery events here: an address and SMTP diagnostics, which SES itself keeps in the clear in its notifications; SES can publish to an encrypted topic only through a customer key and its key policy, a cost for no reader the topic does not already have.',
  });
  // The SNS envelope is kept (no raw delivery): its MessageId makes a second delivery of one event recognisable.
  topic.addSubscription(new SqsSubscription(queue));
  const configurationSet = new ConfigurationSet(scope, 'email-configuration-set', {
    configurationSetName: Fn.join('', [Aws.STACK_NAME, EMAIL_CONFIGURATION_SET_SUFFIX]),
    // SES's account-level reputation metrics (the bounce and complaint rate alarms, infra/alarms.ts) count this set's mail.
    reputationMetrics: true,
  });
  new ConfigurationSetEventDestination(scope, 'email-event-destination', {
    configurationSet,
    destination: EventDestination.snsTopic(topic),
    events: EMAIL_EVENT_TYPES.map((type) => SES_EVENTS[type]),
  });
  return { configurationSet, topic };
}
