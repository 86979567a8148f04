/**
 * One coverage start date whoever records the plan (issue 24, docs/decisions.md "One coverage start
 * date"): the manager's Edit Tenant, staff's Edit Tenant Status and the tenant's portal answer give the
 * same insurance effective date, the cycle's letter effective date while it is ahead, the program's
 * today once it has passed, and a date the manager or staff enters wins. Through real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, programDay, programToday } from './helpers';
import { tenant } from './cycle-fixtures';
import { makeManagerWithFacility, TEST_WRITE, tokenFor } from './fixtures';
import { createCycle } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { createTenants, getTenant } from '../../functions/tenants/tenant-store';
import type { TenantRecord } from '../../functions/tenants/tenant-store';
import { formatAccessCode } from '../../shared/access-code';

const PLAN = 'cov-2000-12';
let facility: FacilityRecord;
let manager: string;
let admin: string;
let addressCount = 0;

beforeAll(async () => {
  const owner = await makeManagerWithFacility();
  facility = owner.facility;
  manager = owner.token;
  admin = await tokenFor('admin');
});

/** Three tenants (manager's, staff's, portal's) of a cycle whose letter promises `letterEffective`. */
async function cycleOfThree(letterEffective: string | null): Promise<TenantRecord[]> {
  const cycle = await createCycle({
    facility_id: facility.id, facility_number: facility.facility_number, label: `Start ${letterEffective}`,
    letter_effective_date: letterEffective, update_responses_deadline_date: programDay(20),
  });
  const onPlan = tenant(PLAN, { coverage_id: PLAN, insurance_effective_date: programDay(-40) });
  return createTenants(cycle, [tenant(), onPlan, tenant()].map((t) => ({ ...t, facility_number: facility.facility_number })), TEST_WRITE);
}

const byManager = (t: TenantRecord, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/managers/update-tenant', { token: manager, json: { id: t.id, updated_at: t.updated_at, coverage: PLAN, ...extra } });
/** Staff never choose a plan (Edit Tenant Status offers the keywords); they empty the date of a tenant on a plan. */
const byStaff = (t: TenantRecord) => call('POST', `/api/tenants/${t.id}`, { token: admin, form: { updated_at: t.updated_at, insurance_effective_date: '' } });

async function byTenant(t: TenantRecord) {
  const address = `127.${200 + (++addressCount % 50)}.${Math.floor(Math.random() * 250)}.${addressCount % 250 + 1}`;
  const signIn = await call('POST', '/api/respond/sign-in', { json: { access_code: formatAccessCode(t.access_code), zip_code: t.zip_code }, from: address });
  expect(signIn.status, signIn.text).toBe(200);
  return call('POST', '/api/respond/coverage', { token: signIn.body.token as string, json: { coverage_id: PLAN } });
}

async function startsOf(tenants: TenantRecord[]): Promise<(string | null)[]> {
  const [m, s, p] = tenants as [TenantRecord, TenantRecord, TenantRecord];
  for (const res of [await byManager(m), await byStaff(s), await byTenant(p)]) expect(res.status, res.text).toBe(200);
  return Promise.all(tenants.map(async (t) => (await getTenant(t.id))!.insurance_effective_date));
}

describe('the coverage start date (manager, staff and portal alike)', () => {
  it('is the date the letter promised while it is ahead', async () => {
    const promised = programDay(30);
    expect(await startsOf(await cycleOfThree(promised))).toEqual([promised, promised, promised]);
  });

  it("is the program's today once the letter effective date has passed, or when the cycle has none", async () => {
    const today = programToday();
    expect(await startsOf(await cycleOfThree(programDay(-10)))).toEqual([today, today, today]);
    expect(await startsOf(await cycleOfThree(null))).toEqual([today, today, today]);
  });

  it('is the date the manager or staff enters, when one is entered', async () => {
    const [m, s] = await cycleOfThree(programDay(30));
    const chosen = await byManager(m!, { insurance_effective_date: programDay(3) });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.tenant.insurance_effective_date).toBe(programDay(3));
    const edited = await call('POST', `/api/tenants/${s!.id}`, { token: admin, form: { updated_at: s!.updated_at, insurance_effective_date: programDay(4) } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.tenant).toMatchObject({ insurance_effective_date: programDay(4), original_insurance_effective_date: programDay(-40) });
  });

  it("a manager's edit of a tenant already on a plan keeps its date; emptying the date gives the rule's date", async () => {
    const [m] = await cycleOfThree(programDay(30));
    const chosen = await byManager(m!, { insurance_effective_date: programDay(5) });
    const noted = await call('POST', '/api/managers/update-tenant', {
      token: manager, json: { id: m!.id, updated_at: chosen.body.tenant.updated_at, coverage: PLAN, note: 'Called the tenant.' },
    });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.body.tenant.insurance_effective_date).toBe(programDay(5));
    const emptied = await call('POST', '/api/managers/update-tenant', {
      token: manager, json: { id: m!.id, updated_at: noted.body.tenant.updated_at, coverage: PLAN, insurance_effective_date: '' },
    });
    expect(emptied.status, emptied.text).toBe(200);
    expect(emptied.body.tenant).toMatchObject({ insurance_effective_date: programDay(30), original_insurance_effective_date: programDay(5) });
  });
});
