/**
 * Where an outside system's credentials come from. Deployed, they sit in the system's own Secrets
 * Manager secret, a JSON object keyed by the variable names of EXTERNAL_SYSTEMS
 * (`{"CRM_API_TOKEN": "..."}`), whose ARN is in `{SYSTEM}_SECRET_ARN`; only the base URL is a plain
 * environment variable, so no credential shows in the Lambda configuration. Locally the variables hold
 * the simulators' credentials and no secret is named. A variable set in the environment wins.
 */
import { EXTERNAL_SYSTEMS } from '../../shared/resources';
import type { ExternalSystem } from '../../shared/resources';
import { secretString } from '../aws/clients';
import { ExternalSystemError } from './errors';

/** New credentials (put-secret-value) are picked up within this time, without a deploy. */
export const SECRET_CACHE_MS = 5 * 60_000;

const cache = new Map<string, { readAt: number; values: Promise<Record<string, unknown>> }>();

async function readSecret(system: ExternalSystem, arn: string): Promise<Record<string, unknown>> {
  let text: string | undefined;
  try {
    text = await secretString(arn);
  } catch (err) {
    const name = (err as { name?: string }).name ?? 'an error';
    throw new ExternalSystemError(system, 'not_configured', `its credentials secret could not be read (${name})`, String(err));
  }
  let values: unknown;
  try {
    values = JSON.parse(text ?? '');
  } catch {
    values = undefined;
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ExternalSystemError(system, 'not_configured', 'its credentials secret is not a JSON object');
  }
  return values as Record<string, unknown>;
}

function cachedSecret(system: ExternalSystem, arn: string, now: number): Promise<Record<string, unknown>> {
  const hit = cache.get(arn);
  if (hit && now - hit.readAt < SECRET_CACHE_MS) return hit.values;
  const values = readSecret(system, arn);
  cache.set(arn, { readAt: now, values });
  // A failed read is not kept: the next call asks again.
  values.catch(() => {
    if (cache.get(arn)?.values === values) cache.delete(arn);
  });
  return values;
}

/**
 * The environment to configure `system`'s client from: `env` itself when it names no secret, else
 * `env` with each of the system's variables that it leaves empty filled from the secret. A secret that
 * cannot be read or is not a JSON object is 'not_configured' (the route answers 503).
 */
export async function externalEnv(system: ExternalSystem, env: NodeJS.ProcessEnv = process.env, now = Date.now()): Promise<NodeJS.ProcessEnv> {
  const arn = env[EXTERNAL_SYSTEMS[system].secretArn]?.trim();
  if (!arn) return env;
  const values = await cachedSecret(system, arn, now);
  const filled: NodeJS.ProcessEnv = { ...env };
  for (const name of EXTERNAL_SYSTEMS[system].env) {
    const value = values[name];
    if (!filled[name]?.trim() && typeof value === 'string') filled[name] = value;
  }
  return filled;
}
