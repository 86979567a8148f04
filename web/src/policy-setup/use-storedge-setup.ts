/**
 * The StorEdge setup run (spec §4 'StorEdge setup', §7): the checked tenants go as one job per cycle
 * (POST /api/tenants/setup-policies with the cycle's ledger ids; the server works them 5 a batch, one
 * batch after another, and a failed batch does not stop the next). The jobs run one after another; each
 * batch's state (waiting, loading, complete, error) is read from the job view's `state.batches` as the
 * job is polled. A cycle the program refuses whole shows its refusal on each of its batches.
 */
import { useEffect, useState } from 'react';
import { STOREDGE_SETUP_BATCH_SIZE, setupBatchesState } from '../../../shared/contracts/policy-setup';
import type { PolicySetupTenant, SetupBatch } from '../../../shared/contracts/policy-setup';
import { errorText } from '../api/api-error';
import { waitForJob } from '../jobs/wait-for-job';
import { startStorEdgeSetup } from './policy-setup-api';

export interface StorEdgeRun {
  /** Every batch of every cycle, in the order they are worked. */
  batches: SetupBatch[];
  done: boolean;
}

interface CycleGroup {
  cycleId: string;
  ledgerIds: string[];
}

/** The checked tenants by cycle, in the order first checked. */
export function cycleGroups(tenants: readonly PolicySetupTenant[]): CycleGroup[] {
  const groups = new Map<string, string[]>();
  for (const t of tenants) groups.set(t.cycle_id, [...(groups.get(t.cycle_id) ?? []), t.ledger_id]);
  return [...groups].map(([cycleId, ledgerIds]) => ({ cycleId, ledgerIds }));
}

/** Batches of 5 as the server will make them, before it has answered (all waiting). */
const batchesOf = (ledgerIds: readonly string[], state: SetupBatch['state'] = 'waiting', error: string | null = null): SetupBatch[] =>
  Array.from({ length: Math.ceil(ledgerIds.length / STOREDGE_SETUP_BATCH_SIZE) }, (_, i) => ({
    ledger_ids: ledgerIds.slice(i * STOREDGE_SETUP_BATCH_SIZE, (i + 1) * STOREDGE_SETUP_BATCH_SIZE), state, error,
  }));

export function useStorEdgeSetup(tenants: readonly PolicySetupTenant[]): StorEdgeRun {
  const [groups] = useState(() => cycleGroups(tenants));
  const [perGroup, setPerGroup] = useState<SetupBatch[][]>(() => groups.map((g) => batchesOf(g.ledgerIds)));
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const show = (g: number, batches: SetupBatch[]) => {
      if (!cancelled) setPerGroup((all) => all.map((b, i) => (i === g ? batches : b)));
    };
    void (async () => {
      // A development double mount cancels the first run here, before it asks anything.
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const [g, group] of groups.entries()) {
        if (cancelled) return;
        let shown = batchesOf(group.ledgerIds);
        try {
          const queued = await startStorEdgeSetup(group.cycleId, group.ledgerIds);
          shown = queued.batches;
          show(g, shown);
          await waitForJob(queued.job_id, {
            onProgress: (job) => {
              const state = setupBatchesState.safeParse(job.state);
              if (state.success) {
                shown = state.data.batches;
                show(g, shown);
              }
            },
            wanted: () => !cancelled,
            failed: 'The setup job failed.',
            slow: 'The setup is taking too long. Look at the tenants\' last errors in a few minutes.',
          });
        } catch (err) {
          // The cycle was refused whole, or its job failed: every batch not finished says why.
          const message = errorText(err);
          show(g, shown.map((b) => (b.state === 'complete' || b.state === 'error' ? b : { ...b, state: 'error', error: message })));
        }
      }
      if (!cancelled) setDone(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [groups]);

  return { batches: perGroup.flat(), done };
}
