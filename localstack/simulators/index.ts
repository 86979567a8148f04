/**
 * Local stand-ins for the outside systems (SiteLink, StorEdge, the CRM), each a node:http server on a
 * free 127.0.0.1 port speaking that system's protocol. The local runtime starts them and puts their
 * URLs and the local credentials in the handlers' environment, so the real clients
 * (functions/external) talk to them exactly as they would to the real systems.
 */
import { ENV } from '../../shared/resources';
import { startCrmSimulator } from './crm-simulator';
import { startSiteLinkSimulator } from './sitelink-simulator';
import { startStorEdgeSimulator } from './storedge-simulator';

export { CRM_ACCOUNTS, DEMO_FACILITY_NUMBERS, SIMULATED_FACILITY_NUMBERS, SIMULATOR_TRIGGERS } from './data';

/** The local credentials; only the simulators accept them. */
export const SIMULATOR_CREDENTIALS = {
  sitelink: { corpCode: 'CCLOCAL', user: 'audit-letter-local', password: 'local-sitelink-password' },
  storedge: { key: 'local-storedge-key', secret: 'local-storedge-secret' },
  crmToken: 'local-crm-token',
} as const;

export interface RunningSimulators {
  urls: { sitelink: string; storedge: string; crm: string };
  /** The ENV settings that point the clients at the simulators. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startSimulators(): Promise<RunningSimulators> {
  const started = await Promise.allSettled([
    startSiteLinkSimulator(SIMULATOR_CREDENTIALS.sitelink),
    startStorEdgeSimulator(SIMULATOR_CREDENTIALS.storedge),
    startCrmSimulator(SIMULATOR_CREDENTIALS.crmToken),
  ]);
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => { await Promise.all(running.map((s) => s.stop())); };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [sitelink, storedge, crm] = running as [typeof running[number], typeof running[number], typeof running[number]];
  const { sitelink: login } = SIMULATOR_CREDENTIALS;
  return {
    urls: { sitelink: sitelink.url, storedge: storedge.url, crm: crm.url },
    env: {
      [ENV.sitelinkUrl]: sitelink.url,
      [ENV.sitelinkCorpCode]: login.corpCode,
      [ENV.sitelinkUser]: login.user,
      [ENV.sitelinkPassword]: login.password,
      [ENV.storedgeUrl]: storedge.url,
      [ENV.storedgeApiKey]: SIMULATOR_CREDENTIALS.storedge.key,
      [ENV.storedgeApiSecret]: SIMULATOR_CREDENTIALS.storedge.secret,
      [ENV.crmUrl]: crm.url,
      [ENV.crmToken]: SIMULATOR_CREDENTIALS.crmToken,
    },
    stop,
  };
}
