/**
 * The route table: every /api path of both spec documents, with its Lambda group and who may call it.
 * It drives API Gateway in CDK, the local HTTP adapter, the server-side authorization check and the
 * authorization-matrix test, so the four can never disagree.
 */
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** One Lambda per group; the group names the handler file functions/api/{group}.ts. */
export const API_GROUPS = [
  'auth', 'app', 'users', 'managers', 'facilities', 'coverages', 'insurance-programs', 'facility-archives',
  'retired-facilities', 'facility-stats', 'exports', 'monitors', 'cycles', 'tenants', 'imports', 'import-history', 'letters', 'facility-software', 'policy-setup', 'letter-batches', 'jobs',
  'respond', 'proof-reviews',
] as const;
export type ApiGroup = (typeof API_GROUPS)[number];

/**
 * public: no token needed. session: any logged-in user. respondent: a tenant's own portal session (beyond
 * the spec, DESIGN.md "Tenants"): only these routes take it, and no user's token reaches them. Otherwise
 * a list of permissions, any of which suffices (admin always passes).
 */
export type Access = 'public' | 'session' | 'respondent' | readonly Permission[];

/**
 * Where a manager-reachable route names the object it touches, so the server can check that the object
 * belongs to the manager's facility whatever id is sent. Staff (admin, monitor) reach every facility.
 */
export interface OwnershipScope {
  kind: 'facility' | 'cycle' | 'tenant' | 'export';
  from: 'path' | 'query' | 'body';
  name: string;
}

/** The capability (issue) that delivers the route; routes of open capabilities answer 501 until then. */
export type Capability = 'platform' | 'facilities-cycles' | 'tenants-letters' | 'archives' | 'respond';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  group: ApiGroup;
  access: Access;
  scope?: OwnershipScope;
  capability: Capability;
}

const STAFF: readonly Permission[] = ['monitor'];
const ADMIN: readonly Permission[] = ['admin'];
const MANAGER: readonly Permission[] = ['manager'];
const STAFF_OR_MANAGER: readonly Permission[] = ['monitor', 'manager'];

const r = (
  method: HttpMethod, path: string, group: ApiGroup, access: Access, capability: Capability, scope?: OwnershipScope,
): RouteDef => ({ method, path, group, access, capability, ...(scope ? { scope } : {}) });

const facilityPath: OwnershipScope = { kind: 'facility', from: 'path', name: 'id' };
const cyclePath: OwnershipScope = { kind: 'cycle', from: 'path', name: 'id' };
const cycleBody: OwnershipScope = { kind: 'cycle', from: 'body', name: 'cycle_id' };

export const ROUTES = [
  // auth and app shell
  r('POST', '/api/login', 'auth', 'public', 'platform'),
  r('POST', '/api/logout', 'auth', 'session', 'platform'),
  r('POST', '/api/change-password', 'auth', 'session', 'platform'),
  r('POST', '/api/update-profile', 'auth', 'session', 'platform'),
  r('GET', '/api/app/status', 'app', 'public', 'platform'),
  r('GET', '/api/openapi.json', 'app', 'public', 'platform'),
  r('GET', '/api/jobs/{id}', 'jobs', 'session', 'platform'),
  // failed work that staff see and retry (issue 26)
  r('GET', '/api/failed-jobs', 'jobs', STAFF, 'platform'),
  r('POST', '/api/failed-jobs/retry-all', 'jobs', STAFF, 'platform'),
  r('POST', '/api/failed-jobs/{id}/retry', 'jobs', STAFF, 'platform'),
  r('POST', '/api/failed-jobs/{id}/dismiss', 'jobs', STAFF, 'platform'),
  // the program's identity on letters (every page shows its contact; admins edit it)
  r('GET', '/api/program-settings', 'app', 'session', 'tenants-letters'),
  r('POST', '/api/program-settings', 'app', ADMIN, 'tenants-letters'),
  r('GET', '/api/program-settings/history', 'app', ADMIN, 'tenants-letters'),

  // users
  r('GET', '/api/users', 'users', STAFF, 'platform'),
  r('POST', '/api/users', 'users', ADMIN, 'platform'),
  r('POST', '/api/users/{id}', 'users', STAFF, 'platform'),
  r('DELETE', '/api/users/{id}', 'users', STAFF, 'platform'),

  // manager views
  r('GET', '/api/managers/facility', 'managers', MANAGER, 'facilities-cycles'),
  r('POST', '/api/managers/update-tenant', 'managers', MANAGER, 'tenants-letters', { kind: 'tenant', from: 'body', name: 'id' }),
  r('POST', '/api/managers/confirm-move-outs', 'managers', MANAGER, 'tenants-letters', cycleBody),
  r('POST', '/api/managers/confirm-tagging-complete', 'managers', MANAGER, 'tenants-letters', cycleBody),
  r('POST', '/api/managers/tag-tenants', 'managers', MANAGER, 'tenants-letters', cycleBody),
  r('POST', '/api/managers/bulk-charge-applied', 'managers', MANAGER, 'tenants-letters'),

  // insurance programs and coverages
  r('GET', '/api/insurance-programs', 'insurance-programs', STAFF, 'facilities-cycles'),
  r('GET', '/api/coverages/available', 'coverages', STAFF_OR_MANAGER, 'facilities-cycles'),
  r('GET', '/api/coverages/fetch-from-api', 'coverages', STAFF, 'facilities-cycles'),

  // facilities
  r('GET', '/api/facilities', 'facilities', STAFF, 'facilities-cycles'),
  r('POST', '/api/facilities', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/search', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/from-zoho', 'facilities', STAFF, 'facilities-cycles'),
  r('POST', '/api/facilities/{id}', 'facilities', STAFF, 'facilities-cycles'),
  r('DELETE', '/api/facilities/{id}', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/{id}/check-flagged', 'facilities', STAFF, 'facilities-cycles'),
  r('POST', '/api/facilities/{id}/confirm-move-outs', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/{id}/additional-contacts', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/{id}/coverages', 'facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facilities/{id}/tenant-filters', 'facilities', STAFF_OR_MANAGER, 'facilities-cycles', facilityPath),
  r('POST', '/api/facilities/{id}/archive', 'facilities', STAFF, 'archives'),
  r('GET', '/api/facilities/{id}/tenants', 'facilities', STAFF_OR_MANAGER, 'tenants-letters', facilityPath),
  r('GET', '/api/facilities/{id}/tenants-mailing', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/{id}/tenant-mailing-counts', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/{id}/generate-letters', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/{id}/generate-sample-letters', 'letters', STAFF, 'tenants-letters'),
  // Check Charges asks the facility software (a job on the ledger-checks queue), like the other calls of the facility-software group.
  r('GET', '/api/facilities/{id}/check-charges', 'facility-software', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/download-letters/{file_name}', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/state/{state}', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/state/{state}/tenants-mailing', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/state/{state}/tenant-mailing-counts', 'letters', STAFF, 'tenants-letters'),
  r('GET', '/api/facilities/state/{state}/generate-letters', 'letters', STAFF, 'tenants-letters'),

  // archives and facility stats
  r('GET', '/api/facility-archives', 'facility-archives', STAFF, 'archives'),
  r('GET', '/api/facility-archives/download-export', 'facility-archives', STAFF, 'archives'),
  r('GET', '/api/facility-archives/{id}/new-dates', 'facility-archives', STAFF, 'archives'),
  r('POST', '/api/facility-archives/{id}/execute', 'facility-archives', STAFF, 'archives'),
  r('POST', '/api/facility-archives/restore', 'facility-archives', ADMIN, 'archives'),
  r('GET', '/api/retired-facilities', 'retired-facilities', STAFF, 'facilities-cycles'),
  r('GET', '/api/facility-stats', 'facility-stats', STAFF, 'facilities-cycles'),
  r('GET', '/api/facility-stats/create-export', 'facility-stats', STAFF, 'facilities-cycles'),
  r('GET', '/api/facility-stats/download-export', 'facility-stats', STAFF, 'facilities-cycles'),

  // exports
  r('GET', '/api/exports/facilities', 'exports', STAFF, 'facilities-cycles'),
  r('GET', '/api/exports/download', 'exports', STAFF_OR_MANAGER, 'facilities-cycles', { kind: 'export', from: 'query', name: 'file_key' }),
  r('GET', '/api/exports/monitor-tenants', 'exports', STAFF, 'tenants-letters'),
  r('GET', '/api/exports/manager-tenants', 'exports', MANAGER, 'tenants-letters', { kind: 'cycle', from: 'query', name: 'cycle_id' }),
  r('GET', '/api/exports/sitelink-rent-roll-report', 'exports', STAFF, 'tenants-letters'),
  r('GET', '/api/exports/storedge-ledger-report', 'exports', STAFF, 'tenants-letters'),

  // home dashboard
  r('GET', '/api/monitors/cycle-stats', 'monitors', STAFF, 'facilities-cycles'),

  // cycles
  r('GET', '/api/cycles', 'cycles', STAFF, 'facilities-cycles'),
  r('POST', '/api/cycles', 'cycles', STAFF, 'facilities-cycles'),
  r('GET', '/api/cycles/search', 'cycles', STAFF, 'facilities-cycles'),
  r('GET', '/api/cycles/get-for-facility', 'cycles', STAFF, 'facilities-cycles'),
  r('POST', '/api/cycles/import-tenants', 'imports', STAFF, 'tenants-letters'),
  r('GET', '/api/cycles/{id}', 'cycles', STAFF_OR_MANAGER, 'facilities-cycles', cyclePath),
  r('POST', '/api/cycles/{id}', 'cycles', STAFF, 'facilities-cycles'),
  r('GET', '/api/cycles/{id}/coverages', 'cycles', STAFF_OR_MANAGER, 'facilities-cycles', cyclePath),
  r('GET', '/api/cycles/{id}/tenant-filters', 'cycles', STAFF_OR_MANAGER, 'facilities-cycles', cyclePath),
  r('GET', '/api/cycles/{id}/check-flagged', 'cycles', STAFF, 'facilities-cycles'),
  r('POST', '/api/cycles/{id}/confirm-move-outs', 'cycles', STAFF, 'facilities-cycles'),
  r('POST', '/api/cycles/{id}/archive', 'cycles', STAFF, 'archives'),

  // tenants (staff)
  r('GET', '/api/tenants', 'tenants', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/bulk', 'tenants', STAFF, 'tenants-letters'),
  r('DELETE', '/api/tenants/bulk', 'tenants', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/reset', 'tenants', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/import', 'imports', STAFF, 'tenants-letters'),
  // Beyond the spec: the files of an import go straight to S3 with presigned POSTs (docs/decisions.md 'Rent-roll imports').
  r('POST', '/api/tenants/import-uploads', 'imports', STAFF, 'tenants-letters'),
  // Beyond the spec: every import on record, its reports downloadable for 90 days (docs/decisions.md 'Import History').
  r('GET', '/api/import-history', 'import-history', STAFF, 'tenants-letters'),
  r('GET', '/api/import-history/{id}/download', 'import-history', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/remove-uneligible-ledgers', 'facility-software', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/sync-ledger-statuses', 'facility-software', STAFF, 'tenants-letters'),
  // Beyond the spec: a removal is previewed, confirmed, capped and restorable for 30 days (docs/decisions.md 'removing ineligible tenants safely').
  r('GET', '/api/tenants/ineligible-previews/{id}', 'facility-software', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/ineligible-previews/{id}/remove', 'facility-software', STAFF, 'tenants-letters'),
  r('GET', '/api/removed-tenants', 'facility-software', STAFF, 'tenants-letters'),
  r('POST', '/api/removed-tenants/restore', 'facility-software', STAFF, 'tenants-letters'),
  r('GET', '/api/tenants/for-policy-setup', 'tenants', STAFF, 'tenants-letters'),
  r('GET', '/api/tenants/export-policy-setup', 'tenants', STAFF, 'tenants-letters'),
  // Beyond the spec's call list: the 'List Setup Tenants' tab's tenants (docs/decisions.md 'Policy setup').
  r('GET', '/api/tenants/set-up-policies', 'tenants', STAFF, 'tenants-letters'),
  // StorEdge setup queues a job (facility-software); the SiteLink setup calls SiteLink itself, a group of its
  // own so its client stays out of the facility-software bundle (docs/decisions.md 'Policy setup (server)').
  r('POST', '/api/tenants/setup-policies', 'facility-software', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/setup-policy', 'policy-setup', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/{id}', 'tenants', STAFF, 'tenants-letters'),
  r('POST', '/api/tenants/{id}/status', 'tenants', STAFF, 'tenants-letters'),
  // Beyond the spec: every tenant change is on record; managers read their own facility's.
  r('GET', '/api/tenants/{id}/history', 'tenants', STAFF_OR_MANAGER, 'tenants-letters', { kind: 'tenant', from: 'path', name: 'id' }),
  // Beyond the spec (issue 24): a tenant's whole story on one page, and the staff app's tenant search. Staff
  // only: the page shows the access code, the letters (whose PDF prints other tenants' codes) and the proofs.
  r('GET', '/api/tenants/{id}/story', 'tenants', STAFF, 'tenants-letters'),
  r('GET', '/api/tenants/search', 'tenants', STAFF, 'tenants-letters'),
  // Issue 26, returned e-mail: staff (admin, monitor) clear the flag of a tenant's bounced or complained-of address; managers do not.
  r('POST', '/api/tenants/{id}/email-suppression/clear', 'tenants', STAFF, 'tenants-letters'),

  // letters
  r('GET', '/api/letter-batches', 'letter-batches', STAFF, 'tenants-letters'),

  // Beyond the spec: the tenant response portal (docs/decisions.md 'Tenant response portal'). The tenant's
  // session names its tenant, so these routes take no id: a tenant can reach nothing but its own records.
  r('POST', '/api/respond/sign-in', 'respond', 'public', 'respond'),
  r('POST', '/api/respond/sign-out', 'respond', 'respondent', 'respond'),
  r('GET', '/api/respond/letter', 'respond', 'respondent', 'respond'),
  r('POST', '/api/respond/coverage', 'respond', 'respondent', 'respond'),
  r('POST', '/api/respond/opt-out', 'respond', 'respondent', 'respond'),
  r('POST', '/api/respond/proof-upload', 'respond', 'respondent', 'respond'),
  r('POST', '/api/respond/proof', 'respond', 'respondent', 'respond'),
  // Staff review the proofs tenants upload.
  r('GET', '/api/proof-reviews', 'proof-reviews', STAFF, 'respond'),
  r('GET', '/api/proof-reviews/count', 'proof-reviews', STAFF, 'respond'),
  r('GET', '/api/proof-reviews/{id}', 'proof-reviews', STAFF, 'respond'),
  r('GET', '/api/proof-reviews/{id}/document', 'proof-reviews', STAFF, 'respond'),
  r('POST', '/api/proof-reviews/{id}/accept', 'proof-reviews', STAFF, 'respond'),
  r('POST', '/api/proof-reviews/{id}/reject', 'proof-reviews', STAFF, 'respond'),
  // Issue 27: the one-click unsubscribe of the program's reminder e-mails (List-Unsubscribe, RFC 8058).
  // Public: the signed token in the link names the address. In the app group, whose handler takes the
  // urlencoded body mailbox providers POST ('List-Unsubscribe=One-Click'); the portal's group takes JSON only.
  r('GET', '/api/email/unsubscribe', 'app', 'public', 'respond'),
  r('POST', '/api/email/unsubscribe', 'app', 'public', 'respond'),
  // Issue 27: tenants whose accepted proof ends soon, and its workbook. In the tenants group: it reads tenants only,
  // and that bundle already queues spreadsheet jobs (docs/decisions.md "Proofs expiring (issue 27)").
  r('GET', '/api/proofs-expiring', 'tenants', STAFF, 'respond'),
  r('GET', '/api/proofs-expiring/export', 'tenants', STAFF, 'respond'),
] as const satisfies readonly RouteDef[];

export type RouteKey = `${HttpMethod} ${string}`;
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): RouteKey => `${route.method} ${route.path}`;

/** Path templates like /api/users/{id} turned into matchers; static segments win over parameters, as in API Gateway. */
interface CompiledRoute { route: RouteDef; segments: string[] }
const compiled: CompiledRoute[] = (ROUTES as readonly RouteDef[])
  .map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }))
  .sort((a, b) => specificity(b.segments) - specificity(a.segments));

function specificity(segments: string[]): number {
  // Earlier static segments weigh more, so /api/facilities/search beats /api/facilities/{id}.
  return segments.reduce((sum, seg, i) => sum + (seg.startsWith('{') ? 0 : 2 ** (10 - i)), 0);
}

export interface RouteMatch { route: RouteDef; pathParameters: Record<string, string> }

/** A malformed percent-encoding (say %E0%A4%A) fills no parameter, so the path matches no route (404). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Finds the route for a concrete path; `methodMismatch` tells a 405 from a 404. */
export function matchRoute(method: string, path: string): RouteMatch | { methodMismatch: boolean } {
  const parts = path.split('/').filter(Boolean);
  let pathKnown = false;
  for (const { route, segments } of compiled) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = segments.every((seg, i) => {
      if (seg.startsWith('{')) {
        const value = decodeSegment(parts[i]!);
        params[seg.slice(1, -1)] = value ?? '';
        return value !== null;
      }
      return seg === parts[i];
    });
    if (!ok) continue;
    pathKnown = true;
    if (route.method === method) return { route, pathParameters: params };
  }
  return { methodMismatch: pathKnown };
}
