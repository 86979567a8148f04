/**
 * The SiteLink setup run (spec §4 'SiteLink tenant setup', §9): after a 250 ms start delay, one tenant
 * a call in the order checked; each tenant is idle, loading, complete or error. After 3 failures in a
 * row the run turns to ignoring: the later tenants are skipped without a call (a success before that
 * resets the count). Progress is the position over max(1, count - 1). An answer that is not the
 * contract's is that tenant's error 'Got unexpected response from server' (§8); a refusal of the
 * program (4xx: no plan, tagged, already set up) is that tenant's error with the server's message.
 */
import { useEffect, useState } from 'react';
import {
  SITELINK_SETUP_MAX_CONSECUTIVE_ERRORS, SITELINK_SETUP_START_DELAY_MS, SITELINK_SETUP_WINDOW, setupPolicyResult,
} from '../../../shared/contracts/policy-setup';
import type { PolicySetupTenant } from '../../../shared/contracts/policy-setup';
import { errorText } from '../api/api-error';
import { setupSiteLinkTenant } from './policy-setup-api';

export const UNEXPECTED_RESPONSE = 'Got unexpected response from server';

/** A tenant's step: waiting, being set up, set up, failed, or skipped once the run is ignoring. */
export type TenantSetupState = 'idle' | 'loading' | 'complete' | 'error' | 'ignoring';

export interface SetupFailure {
  tenant: PolicySetupTenant;
  message: string;
}

export interface SiteLinkRun {
  states: TenantSetupState[];
  /** The tenant being set up (or last set up), 0-based. */
  position: number;
  /** Percent: position / max(1, count - 1). */
  progress: number;
  failures: SetupFailure[];
  /** True once 3 setups in a row failed: the rest are skipped. */
  ignoring: boolean;
  done: boolean;
}

export const progressOf = (position: number, count: number) => Math.round((position / Math.max(1, count - 1)) * 100);

/** The part of the list shown: all of it up to 10 tenants, else 5 either side of the current one. */
export function windowOf(position: number, count: number): { from: number; to: number } {
  if (count <= 2 * SITELINK_SETUP_WINDOW) return { from: 0, to: count };
  return { from: Math.max(0, position - SITELINK_SETUP_WINDOW), to: Math.min(count, position + SITELINK_SETUP_WINDOW + 1) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets up `tenants` one by one while mounted; answers the run as it goes. */
export function useSiteLinkSetup(tenants: readonly PolicySetupTenant[]): SiteLinkRun {
  const count = tenants.length;
  const [run, setRun] = useState<SiteLinkRun>(() => ({
    states: tenants.map(() => 'idle'), position: 0, progress: 0, failures: [], ignoring: false, done: count === 0,
  }));

  useEffect(() => {
    // Left (or, in development, mounted twice): the loop stops before its next call.
    let cancelled = false;
    const mark = (i: number, state: TenantSetupState, change: Partial<SiteLinkRun> = {}) =>
      setRun((r) => ({ ...r, ...change, states: r.states.map((s, j) => (j === i ? state : s)) }));
    const fail = (i: number, message: string) =>
      setRun((r) => ({ ...r, states: r.states.map((s, j) => (j === i ? 'error' : s)), failures: [...r.failures, { tenant: tenants[i]!, message }] }));

    void (async () => {
      await sleep(SITELINK_SETUP_START_DELAY_MS);
      let consecutive = 0;
      for (let i = 0; i < count && !cancelled; i += 1) {
        const at = { position: i, progress: progressOf(i, count) };
        if (consecutive >= SITELINK_SETUP_MAX_CONSECUTIVE_ERRORS) {
          mark(i, 'ignoring', { ...at, ignoring: true });
          continue;
        }
        mark(i, 'loading', at);
        let failure: string | null = null;
        try {
          const answer = setupPolicyResult.safeParse(await setupSiteLinkTenant(tenants[i]!.id));
          if (!answer.success || answer.data.tenant_id !== tenants[i]!.id) failure = UNEXPECTED_RESPONSE;
          else if (!answer.data.success) failure = answer.data.error_message;
        } catch (err) {
          failure = errorText(err);
        }
        if (cancelled) return;
        if (failure === null) {
          consecutive = 0;
          mark(i, 'complete');
        } else {
          consecutive += 1;
          fail(i, failure);
        }
      }
      if (!cancelled) setRun((r) => ({ ...r, position: Math.max(0, count - 1), progress: 100, done: true }));
    })();
    return () => {
      cancelled = true;
    };
  }, [tenants, count]);

  return run;
}
