/**
 * Facilities and cycles made through the API as the demo admin, for the cycle and dashboard tests.
 * Every name is unique per call, so tests never depend on the demo seed's rows or counts.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { TenantView } from '../../shared/contracts/tenants';

/** A tenant as a staff list answers it: staff always read the access code (a manager's answers never carry it). */
export type StaffTenantView = TenantView & { access_code: string };
import { calendarDateIn } from '../../shared/format';
import { DEMO_PROGRAM_SETTINGS } from '../../localstack/seed';
import { DEMO, DEMO_PASSWORD, apiLogin, expect } from './fixtures';

export interface MadeFacility {
  id: string;
  facility_number: string;
  account_name: string;
  corporate_group: string;
  /** The generated manager account. */
  username: string;
  password: string;
}

export interface MadeCycle {
  id: string;
  label: string;
}

const tokens = new WeakMap<APIRequestContext, Promise<string>>();
function adminToken(request: APIRequestContext): Promise<string> {
  let token = tokens.get(request);
  if (!token) {
    token = apiLogin(request, DEMO.admin.username, DEMO_PASSWORD);
    tokens.set(request, token);
  }
  return token;
}

export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

export const uniqueNumber = () => `E${randomBytes(3).toString('hex').toUpperCase()}`;

/** A set-up facility with one coverage option; its manager account comes with it. */
export async function makeFacility(request: APIRequestContext, fields: Partial<Record<string, string>> = {}): Promise<MadeFacility> {
  const number = fields.facility_number ?? uniqueNumber();
  const form = {
    facility_number: number,
    account_name: `Account ${number}`,
    corporate_group: `Group ${number}`,
    address: '12 Test Lane',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    software: 'storedge',
    insurance_program_key: 'pma',
    contact_name: 'Pat Manager',
    email: `site-${number.toLowerCase()}@test.example`,
    phone: '2175550142',
    brochure_url: 'https://example.com/brochure.pdf',
    certificate_url: 'https://example.com/certificate.pdf',
    coverages: JSON.stringify([{ coverage: 2000, premium: 12 }]),
    ...fields,
  };
  const response = await request.post('/api/facilities', { headers: await adminHeaders(request), form: form as Record<string, string> });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const made = (await response.json()) as { id: string; username: string; password: string };
  return { id: made.id, facility_number: number, account_name: form.account_name, corporate_group: form.corporate_group, username: made.username, password: made.password };
}

export async function makeCycle(request: APIRequestContext, facilityNumber: string, fields: Partial<Record<string, string>> = {}): Promise<MadeCycle> {
  const label = fields.label ?? `Cycle ${randomBytes(2).toString('hex')}`;
  const response = await request.post('/api/cycles', { headers: await adminHeaders(request), form: { facility_number: facilityNumber, ...fields, label } as Record<string, string> });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { id: ((await response.json()) as { cycle_id: string }).cycle_id, label };
}

export interface CycleState {
  confirmed_move_outs_date: string | null;
  confirmed_no_move_outs_date: string | null;
  monitor_confirmed_move_outs: boolean;
}

/** Staff confirm the cycle's move-outs; answers the cycle as it now is. */
export async function confirmMoveOuts(request: APIRequestContext, cycleId: string): Promise<CycleState> {
  const response = await request.post(`/api/cycles/${cycleId}/confirm-move-outs`, { headers: await adminHeaders(request) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return ((await response.json()) as { cycle: CycleState }).cycle;
}

/** The More Filters key a confirmed cycle now falls under. */
export const confirmedKeyOf = (c: CycleState) => (c.confirmed_no_move_outs_date !== null ? 'confirmed_no_move_outs' : 'confirmed_move_outs');

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: await adminHeaders(request) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Wire date (YYYY-MM-DD) `days` from today in the local calendar (the browser's, for what the staff app shows). */
export function wireDay(days: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Wire date `days` from today in the program's calendar (the demo's Program Settings time zone), for what
 * the server judges or writes (a response deadline, a charge apply date, a charge confirmed today): for
 * hours around midnight UTC it is not the machine's day.
 */
export function programDay(days: number): string {
  const [year, month, day] = calendarDateIn(DEMO_PROGRAM_SETTINGS.time_zone).split('-').map(Number) as [number, number, number];
  return wireDay(days, new Date(year, month - 1, day));
}

/** M/DD/YYYY, the app's display of a wire date. */
export function shownDay(wire: string): string {
  const [y, m, d] = wire.split('-');
  return `${Number(m)}/${d}/${y}`;
}

export interface FinishedJob {
  id: string;
  status: 'done' | 'failed';
  error: string | null;
  result: Record<string, unknown> | null;
}

/** Polls GET /api/jobs/{id} until the job is done or failed. */
export async function waitForJob(request: APIRequestContext, jobId: string, timeoutMs = 120_000): Promise<FinishedJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJson<FinishedJob | { status: string }>(request, `/api/jobs/${jobId}`);
    if (job.status === 'done' || job.status === 'failed') return job as FinishedJob;
    expect(Date.now(), `job ${jobId} still ${job.status}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Imports rent-roll files (role -> path, as writeSampleRentRoll writes them) into a cycle through the API; answers the import's result. */
export async function importRentRoll(request: APIRequestContext, cycleId: string, software: string, files: Record<string, string>): Promise<Record<string, unknown>> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { software, cycle_id: cycleId };
  for (const [role, path] of Object.entries(files)) {
    multipart[role] = { name: basename(path), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(path) };
  }
  const response = await request.post('/api/cycles/import-tenants', { headers: await adminHeaders(request), multipart });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { job } = (await response.json()) as { job: { id: string } };
  const done = await waitForJob(request, job.id);
  expect(done.status, done.error ?? '').toBe('done');
  return done.result!;
}

/** How the tenant tables name a tenant: 'last, first', or the first name alone (a business). */
export const listed = (t: { first_name: string; last_name: string | null }): string => (t.last_name ? `${t.last_name}, ${t.first_name}` : t.first_name);

/** Every tenant of the facility, page by page, as staff see them. */
export async function tenantsOfFacility(request: APIRequestContext, facilityNumber: string): Promise<StaffTenantView[]> {
  const all: StaffTenantView[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getJson<{ data: StaffTenantView[]; pagination: { last_page: number } }>(request, `/api/tenants?facility_number=${facilityNumber}&page=${page}`);
    all.push(...answer.data);
    if (page >= answer.pagination.last_page) return all;
  }
}

/** A facility number SiteLink and StorEdge know (1100-1999, localstack/simulators/data.ts) and the program does not have yet. */
export async function softwareKnownNumber(request: APIRequestContext): Promise<string> {
  for (;;) {
    const number = String(randomInt(1100, 2000));
    const found = await getJson<{ facility_number: string }[]>(request, `/api/facilities/search?facility_number=${number}`);
    if (!found.some((f) => f.facility_number === number)) return number;
  }
}
