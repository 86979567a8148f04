/**
 * The StorEdge setup job (POST /api/tenants/setup-policies) on the setup-batches queue: its type and
 * input, apart from the runner so the route that queues it does not bundle the StorEdge client.
 */
import * as z from 'zod';
import type { JobQueueName } from '../../shared/jobs';

export const SETUP_QUEUE: JobQueueName = 'setup-batches';
export const SETUP_JOB_TYPES = { storedge: 'storedge-setup' } as const;

export const setupJobInput = z.object({
  facility_id: z.string(),
  facility_number: z.string(),
  cycle_id: z.string(),
  /** The selection in the order sent, 5 a batch: each batch's ledgers and their tenants, in the same order. */
  batches: z.array(z.object({ ledger_ids: z.array(z.string()), tenant_ids: z.array(z.string()) })),
  by: z.object({ user_id: z.string(), username: z.string() }),
});
export type SetupJobInput = z.infer<typeof setupJobInput>;
