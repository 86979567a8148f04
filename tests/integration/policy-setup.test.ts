/**
 * Insurance Policy Management, server side, through real HTTP against the local runtime, its
 * setup-batches and archive-exports workers and the SiteLink and StorEdge simulators: the Setup Tenants
 * and List Setup Tenants lists, the export, the SiteLink one-tenant setup and the StorEdge batch job
 * (success, each refusal leaving everything as it was, the software refusing, a timeout, a failed batch,
 * a retried call and a worked-again job never writing twice). Each test makes its own facility of the
 * simulators' 1100-1999 range and finds its rows by filter.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { tokenFor } from './fixtures';
import { cycleWithTenants, softwareFacility, tenant } from './facility-fixtures';
import { waitForExportJob } from './export-jobs';
import { firstSheetAt } from './download-fixture';
import type { CycleRecord } from '../../functions/cycles/cycle-store';
import type { FacilityRecord } from '../../functions/facilities/facility-store';
import { tenantHistory } from '../../functions/tenants/tenant-history';
import { getTenant, getTenants, saveTenant } from '../../functions/tenants/tenant-store';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';
import { getJob, jobKey, updateJob } from '../../functions/jobs/job-store';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueEnvName } from '../../shared/jobs';
import { setupRunners } from '../../functions/policy-setup/storedge-setup';
import { setupRecordKey } from '../../functions/policy-setup/setup-claims';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/aws/clients';
import { tableName } from '../../functions/aws/config';
import { SETUP_JOB_TYPES, SETUP_QUEUE } from '../../functions/policy-setup/setup-job-types';
import type { SetupJobInput } from '../../functions/policy-setup/setup-job-types';
import { clearFaults, injectFault, ledgerState } from '../../localstack/simulators/control-client';
import { ledgerIdsOfKind, siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';
import { coverageIdOf } from '../../shared/coverage-ids';
import type { CoverageOption } from '../../shared/contracts/program';
import { TEST_WRITE } from './test-write';
import { createJobRecordOnly } from './job-fixture';
import { dyingAt, failedOnLastReceive, retriedToDone } from './failed-job-fixture';

let monitor = '';
let manager = '';
const sqs = new SQSClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
beforeAll(async () => {
  [monitor, manager] = await Promise.all([tokenFor('monitor'), tokenFor('manager')]);
});
afterEach(async () => {
  await Promise.all([clearFaults('sitelink'), clearFaults('storedge')]);
});

/** A facility whose number the simulators know, with the software's own plans as its coverage options, and one more plan without its id. */
const planFacility = (software: 'sitelink_web' | 'storedge') => softwareFacility(software, (number) => {
  const coverages: CoverageOption[] = software === 'storedge'
    ? storEdgeItems(number).filter((i) => i.kind === 'insurance' && i.active && i.coverage_amount !== null)
      .map((i) => ({ coverage: i.coverage_amount!, premium: i.amount, storedge_coverage_id: i.id }))
    : siteLinkCoverages(number).map((c) => ({ coverage: c.dcCoverage, premium: c.dcPremium, sitelink_coverage_id: c.InsurCoverageID }));
  // One more plan the software does not know: choosing it is refused.
  coverages.push({ coverage: 99_000, premium: 999 });
  return { coverages };
});

const planId = (f: FacilityRecord, i = 0) => coverageIdOf(f.coverages[i]!);
const noSoftwareIdPlan = (f: FacilityRecord) => coverageIdOf(f.coverages[f.coverages.length - 1]!);

let tenantNo = 0;
/** A tenant who chose the facility's first plan, on a ledger the simulator has uninsured and current. */
const chose = (f: FacilityRecord, ledgerId: string, extra: Partial<NewTenant> = {}): NewTenant => {
  const i = ++tenantNo;
  return tenant(i, planId(f), { ledger_id: ledgerId, coverage_id: planId(f), last_name: `Setup${String(i).padStart(5, '0')}`, ...extra });
};

async function facilityWithTenants(software: 'sitelink_web' | 'storedge', count: number, extra: (i: number, f: FacilityRecord) => Partial<NewTenant> = () => ({})) {
  const facility = await planFacility(software);
  const ledgers = ledgerIdsOfKind(facility.facility_number, 'current', count, 'PS-');
  const { cycle, tenants } = await cycleWithTenants(facility, ledgers.map((l, i) => chose(facility, l, extra(i, facility))));
  return { facility, cycle, tenants };
}

const system = (f: FacilityRecord) => (f.software === 'storedge' ? 'storedge' : 'sitelink');
const writesOf = async (f: FacilityRecord, ledgerId: string) => (await ledgerState(system(f), f.facility_number, ledgerId)).insurance_writes;

const setupPolicy = (tenantId: string, token = monitor) => call('POST', '/api/tenants/setup-policy', { token, form: { tenant_id: tenantId } });
const setupPolicies = (cycle: CycleRecord, ledgerIds: string[], token = monitor) =>
  call('POST', '/api/tenants/setup-policies', { token, form: { cycle_id: cycle.id, ledger_ids: ledgerIds.join(',') } });
const forSetup = (f: FacilityRecord, query: Record<string, string> = {}, token = monitor) =>
  call('GET', '/api/tenants/for-policy-setup', { token, query: { software: system(f), facility_number: f.facility_number, ...query } });

/** Whatever a refusal answered, the tenants and the software are as they were. */
async function expectUnchanged(f: FacilityRecord, before: readonly TenantRecord[]): Promise<void> {
  const now = await getTenants(before.map((t) => t.id));
  expect(now.map((t) => t.updated_at)).toEqual(before.map((t) => t.updated_at));
  for (const t of before) expect(await writesOf(f, t.ledger_id)).toBe(0);
}

describe('Setup Tenants list (GET /api/tenants/for-policy-setup)', () => {
  it('lists the tenants requiring setup, by name, with their plan and last error; the error filter and the text filters narrow it', async () => {
    const facility = await planFacility('sitelink_web');
    const ledgers = ledgerIdsOfKind(facility.facility_number, 'current', 4, 'LS-');
    const { tenants } = await cycleWithTenants(facility, [
      chose(facility, ledgers[0]!, { last_name: 'Zed', unit: 'B-2' }),
      chose(facility, ledgers[1]!, { last_name: 'Able', unit: 'A-1' }),
      chose(facility, ledgers[2]!, { last_name: 'Done', setup_insurance_date: '2026-01-02' }),
      tenant(++tenantNo, 'opt_out', { ledger_id: ledgers[3]!, last_name: 'Optout' }),
    ]);
    const zed = tenants[0]!;
    await saveTenant(zed, { policy_errors_date_logged: '2026-02-01T10:00:00.000Z', policy_errors_error_message: 'SiteLink refused it: no' }, TEST_WRITE);

    const res = await forSetup(facility);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((r: { last_name: string }) => r.last_name)).toEqual(['Able', 'Zed']);
    const plan = facility.coverages[0]!;
    expect(res.body.data[0]).toMatchObject({ unit: 'A-1', coverage_id: planId(facility), coverage_premium: plan.premium, coverage_coverage: plan.coverage, policy_errors_error_message: null, tagged_for_removal: false });
    expect(res.body.data[1]).toMatchObject({ policy_errors_error_message: 'SiteLink refused it: no', policy_errors_date_logged: '2026-02-01T10:00:00.000Z' });
    expect(res.body.pagination).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 100, from: 1, to: 2 });

    expect((await forSetup(facility, { error_filter: 'errors' })).body.data.map((r: { id: string }) => r.id)).toEqual([zed.id]);
    expect((await forSetup(facility, { error_filter: 'no_errors' })).body.data.map((r: { last_name: string }) => r.last_name)).toEqual(['Able']);
    expect((await forSetup(facility, { unit: 'b-2' })).body.data.map((r: { id: string }) => r.id)).toEqual([zed.id]);
    expect((await forSetup(facility, { name: 'abl' })).body.data.map((r: { last_name: string }) => r.last_name)).toEqual(['Able']);

    // List Setup Tenants: only the one set up.
    const setUp = await call('GET', '/api/tenants/set-up-policies', { token: monitor, query: { facility_number: facility.facility_number } });
    expect(setUp.status, setUp.text).toBe(200);
    expect(setUp.body.data.map((r: { last_name: string }) => r.last_name)).toEqual(['Done']);
  });

  it('refuses a facility of another software (422), an unknown one (404), a missing facility number (422) and managers (403)', async () => {
    const facility = await planFacility('storedge');
    const other = await call('GET', '/api/tenants/for-policy-setup', { token: monitor, query: { software: 'sitelink', facility_number: facility.facility_number } });
    expect(other.status, other.text).toBe(422);
    expect(other.body.error).toBe(`Facility ${facility.facility_number} uses StorEdge, not SiteLink.`);
    const unknown = await call('GET', '/api/tenants/for-policy-setup', { token: monitor, query: { software: 'sitelink', facility_number: 'NO-SUCH-9' } });
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/api/tenants/for-policy-setup', { token: monitor, query: { software: 'storedge' } })).status).toBe(422);
    expect((await call('GET', '/api/tenants/set-up-policies', { token: monitor })).status).toBe(422);
    expect((await forSetup(facility, {}, manager)).status).toBe(403);
  });

  it('exports the list under its filters as {facility}_{date}_policy_export.xlsx', async () => {
    const { facility, tenants } = await facilityWithTenants('storedge', 2);
    const res = await call('GET', '/api/tenants/export-policy-setup', { token: monitor, query: { software: 'storedge', facility_number: facility.facility_number } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.filename).toMatch(new RegExp(`^${facility.facility_number}_\\d{4}-\\d{2}-\\d{2}_policy_export\\.xlsx$`));
    const job = await waitForExportJob(res.body.job_id, monitor);
    expect(job.error).toBeNull();
    const link = await call('GET', '/api/exports/download', { token: monitor, query: { file_key: res.body.file_key, filename: res.body.filename } });
    expect(link.status, link.text).toBe(200);
    const sheet = await firstSheetAt(link.body.url as string);
    expect(sheet.getRow(1).getCell(6).value).toBe('Selected Coverage');
    const lastNames = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(3).value);
    expect(lastNames).toEqual(tenants.map((t) => t.last_name));
  });
});

describe('SiteLink setup (POST /api/tenants/setup-policy)', () => {
  it('adds the plan to the ledger once, records the tenant as set up (history, counters) and a second call is refused', async () => {
    const { facility, tenants: [t] } = await facilityWithTenants('sitelink_web', 1);
    const res = await setupPolicy(t!.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, tenant_id: t!.id, policy_number: `${facility.facility_number}-${t!.ledger_id}`.toUpperCase() });
    const state = await ledgerState('sitelink', facility.facility_number, t!.ledger_id);
    expect(state.insurance_writes).toBe(1);
    expect(state.insurance).toMatchObject({ coverage_id: facility.coverages[0]!.sitelink_coverage_id, policy_number: res.body.policy_number });
    const saved = (await getTenant(t!.id))!;
    expect(saved).toMatchObject({ setup_via_api: true, policy_number: res.body.policy_number, setup_insurance_date: res.body.setup_insurance_date, policy_errors_error_message: null });
    expect((await tenantHistory(t!.id))[0]).toMatchObject({ action: 'policy_setup' });
    expect((await forSetup(facility)).body.data).toEqual([]);

    const again = await setupPolicy(t!.id);
    expect(again.status).toBe(422);
    expect(again.body.error).toMatch(/is set up already/);
    expect(await writesOf(facility, t!.ledger_id)).toBe(1);
  });

  it('refuses a tenant without a plan, tagged for removal, on a plan without a SiteLink id, or of a StorEdge facility; nothing changes', async () => {
    const facility = await planFacility('sitelink_web');
    const ledgers = ledgerIdsOfKind(facility.facility_number, 'current', 3, 'RF-');
    const { tenants } = await cycleWithTenants(facility, [
      tenant(++tenantNo, 'opt_out', { ledger_id: ledgers[0]! }),
      chose(facility, ledgers[1]!, { tagged_for_removal: true }),
      chose(facility, ledgers[2]!, { status: noSoftwareIdPlan(facility), coverage_id: noSoftwareIdPlan(facility) }),
    ]);
    const messages = [];
    for (const t of tenants) {
      const res = await setupPolicy(t.id);
      expect(res.status, res.text).toBe(422);
      messages.push(res.body.error);
    }
    expect(messages[0]).toMatch(/has not chosen a coverage plan/);
    expect(messages[1]).toMatch(/tagged for removal/);
    expect(messages[2]).toMatch(/has no SiteLink coverage id/);
    await expectUnchanged(facility, tenants);

    const { tenants: [s] } = await facilityWithTenants('storedge', 1);
    const wrong = await setupPolicy(s!.id);
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatch(/uses StorEdge, not SiteLink/);
    expect((await setupPolicy(s!.id, manager)).status).toBe(403);
  });

  it('stores SiteLink refusing it as the tenant\'s last error, and a later success clears it', async () => {
    const { facility, tenants: [t] } = await facilityWithTenants('sitelink_web', 1);
    await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: facility.facility_number, fault: 'refuse' });
    const refused = await setupPolicy(t!.id);
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body).toMatchObject({ success: false, tenant_id: t!.id });
    expect(refused.body.error_message).toMatch(/^SiteLink refused it: /);
    const failed = (await getTenant(t!.id))!;
    expect(failed.policy_errors_error_message).toBe(refused.body.error_message);
    expect(failed.policy_errors_date_logged).not.toBeNull();
    expect(failed.setup_insurance_date).toBeNull();
    expect((await forSetup(facility, { error_filter: 'errors' })).body.data.map((r: { id: string }) => r.id)).toEqual([t!.id]);

    const ok = await setupPolicy(t!.id);
    expect(ok.body.success).toBe(true);
    expect((await getTenant(t!.id))).toMatchObject({ policy_errors_error_message: null, policy_errors_date_logged: null });
    expect(await writesOf(facility, t!.ledger_id)).toBe(1);
  });

  it('a write that times out is not written again: the ledger is asked first and shows it', async () => {
    const { facility, tenants: [t] } = await facilityWithTenants('sitelink_web', 1);
    await injectFault('sitelink', { operation: 'InsuranceCoverageAddToLedger', facility: facility.facility_number, fault: 'timeout' });
    const res = await setupPolicy(t!.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await writesOf(facility, t!.ledger_id)).toBe(1);
  }, 40_000);

  it('two calls at once for one tenant write once (the claim)', async () => {
    const { facility, tenants: [t] } = await facilityWithTenants('sitelink_web', 1);
    const [a, b] = await Promise.all([setupPolicy(t!.id), setupPolicy(t!.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await writesOf(facility, t!.ledger_id)).toBe(1);
  });
});

describe('StorEdge setup (POST /api/tenants/setup-policies, the setup-batches job)', () => {
  type JobWithState = Awaited<ReturnType<typeof waitForExportJob>> & { state: { batches: { ledger_ids: string[]; state: string; error: string | null }[] } };
  const finished = async (jobId: string) => (await waitForExportJob(jobId, monitor, 60_000)) as JobWithState;

  it('sets the cycle\'s chosen ledgers up in batches of 5, in order, each batch shown on the job', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 7);
    const ledgers = tenants.map((t) => t.ledger_id);
    const res = await setupPolicies(cycle, ledgers);
    expect(res.status, res.text).toBe(200);
    expect(res.body.batches).toEqual([
      { ledger_ids: ledgers.slice(0, 5), state: 'waiting', error: null },
      { ledger_ids: ledgers.slice(5), state: 'waiting', error: null },
    ]);
    const job = await finished(res.body.job_id);
    expect(job.status).toBe('done');
    expect(job.state.batches.map((b) => b.state)).toEqual(['complete', 'complete']);
    for (const t of await getTenants(tenants.map((x) => x.id))) {
      expect(t.setup_via_api).toBe(true);
      expect(t.policy_number).not.toBe('');
      expect(await writesOf(facility, t.ledger_id)).toBe(1);
    }

    // Worked again (a redelivered message after its record was lost): nothing is written twice.
    await updateJob(job.id, { status: 'running', state: { batches: res.body.batches } });
    const again = (await getJob(job.id))!;
    await setupRunners['storedge-setup']!({ job: again, progress: async () => {}, report: async () => {} });
    for (const t of tenants) expect(await writesOf(facility, t.ledger_id)).toBe(1);
  });

  it('refuses ledgers not of the cycle and tenants that cannot be set up, whole: nothing queued, nothing changed', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 2, (i) => (i === 1 ? { tagged_for_removal: true } : {}));
    // Ledger ids repeat across facilities ('PS-2' at both): the foreign one is one this cycle does not hold.
    const other = await facilityWithTenants('storedge', 3);
    const foreignLedger = other.tenants.map((t) => t.ledger_id).find((l) => !tenants.some((t) => t.ledger_id === l))!;
    const foreign = await setupPolicies(cycle, [tenants[0]!.ledger_id, foreignLedger]);
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.body.error).toMatch(new RegExp(`is not of cycle .* of facility ${facility.facility_number}\\. Nothing was set up\\.`));
    const tagged = await setupPolicies(cycle, tenants.map((t) => t.ledger_id));
    expect(tagged.status).toBe(422);
    expect(tagged.body.error).toMatch(/1 of 2 tenants cannot be set up: .*tagged for removal/);
    expect(tagged.body.errors).toEqual([{ id: tenants[1]!.id, ledger_id: tenants[1]!.ledger_id, message: expect.stringMatching(/tagged for removal/) }]);
    await expectUnchanged(facility, tenants);
    expect((await setupPolicies(other.cycle, [other.tenants[0]!.ledger_id], manager)).status).toBe(403);
  });

  it('a batch the software fails is marked error with the message on its tenants; the next batch goes on', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 6);
    // The first batch's ledgers read fails every try; the second batch's read is another call and passes.
    await injectFault('storedge', { operation: 'ledgers.list', facility: facility.facility_number, ledger: tenants[0]!.ledger_id, fault: 'error', times: 3 });
    const res = await setupPolicies(cycle, tenants.map((t) => t.ledger_id));
    const job = await finished(res.body.job_id);
    expect(job.status).toBe('done');
    expect(job.state.batches[0]).toMatchObject({ state: 'error' });
    expect(job.state.batches[0]!.error).toMatch(/^StorEdge could not be reached: /);
    expect(job.state.batches[1]).toMatchObject({ state: 'complete', error: null });
    const after = await getTenants(tenants.map((t) => t.id));
    for (const t of after.slice(0, 5)) {
      expect(t.setup_insurance_date).toBeNull();
      expect(t.policy_errors_error_message).toBe(job.state.batches[0]!.error);
    }
    expect(after[5]!.setup_via_api).toBe(true);
    for (const t of tenants.slice(0, 5)) expect(await writesOf(facility, t.ledger_id)).toBe(0);
  });

  it('StorEdge refusing one tenant fails only that tenant; the batch says so', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 3);
    await injectFault('storedge', { operation: 'ledgers.update', facility: facility.facility_number, ledger: tenants[1]!.ledger_id, fault: 'refuse' });
    const job = await finished((await setupPolicies(cycle, tenants.map((t) => t.ledger_id))).body.job_id);
    expect(job.state.batches[0]).toMatchObject({ state: 'error' });
    expect(job.state.batches[0]!.error).toMatch(/^1 tenant was not set up: StorEdge refused it: /);
    const after = await getTenants(tenants.map((t) => t.id));
    expect(after.map((t) => Boolean(t.setup_insurance_date))).toEqual([true, false, true]);
    expect(after[1]!.policy_errors_error_message).toMatch(/^StorEdge refused it: /);
  });
});

/** The setup claims of these tenants as a dead run leaves them once their lease has lapsed (those that exist). */
async function lapseSetupLeases(tenants: readonly TenantRecord[], cycleId: string): Promise<void> {
  for (const t of tenants) {
    try {
      await dynamo().send(new UpdateCommand({
        TableName: tableName(), Key: setupRecordKey(t.id, cycleId), UpdateExpression: 'SET lease_until = :past',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }));
    } catch (err) {
      if (!(err instanceof Error && err.name === 'ConditionalCheckFailedException')) throw err;
    }
  }
}

/** The job as if it had failed `minutes` ago (its updated_at, which a retry's wait counts from). */
async function failedMinutesAgo(jobId: string, minutes: number): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: jobKey(jobId), UpdateExpression: 'SET updated_at = :then',
    ExpressionAttributeValues: { ':then': new Date(Date.now() - minutes * 60_000).toISOString() },
  }));
}

describe('retried by staff from Failed jobs (issue 26)', () => {
  it('a setup job retried right after it failed waits on its queue until the dead run\'s claims lapse, and staff are told when it starts', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 2);
    const input: SetupJobInput = {
      facility_id: facility.id, facility_number: facility.facility_number, cycle_id: cycle.id,
      batches: [{ ledger_ids: tenants.map((t) => t.ledger_id), tenant_ids: tenants.map((t) => t.id) }], by: { user_id: 'test', username: 'tester' },
    };
    const job = await createJobRecordOnly({ queue: SETUP_QUEUE, type: SETUP_JOB_TYPES.storedge, createdBy: 'test', input: { ...input } });
    await updateJob(job.id, { status: 'failed', error: 'the worker died' });
    const queue = process.env[queueEnvName(SETUP_QUEUE)]!;
    const delayed = async () => Number((await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queue, AttributeNames: ['ApproximateNumberOfMessagesDelayed'] })))
      .Attributes?.ApproximateNumberOfMessagesDelayed ?? 0);
    const before = await delayed();
    const res = await call('POST', `/api/failed-jobs/${job.id}/retry`, { token: monitor });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { message: string }).message)
      .toMatch(/^StorEdge policy setup job queued again on setup-batches; it starts in about 2 minutes, once the run that stopped has let go of its tenants\.$/);
    expect(await delayed()).toBe(before + 1);
    // Still queued a moment later: no worker has its message yet (it runs once the delay is over, its tenants' claims long lapsed).
    await new Promise((r) => setTimeout(r, 1500));
    expect((await getJob(job.id))!.status).toBe('queued');
  });


  it('a StorEdge setup job that died after its first batch, its message in the DLQ, is retried to done: each ledger written once', async () => {
    const { facility, cycle, tenants } = await facilityWithTenants('storedge', 12);
    const batches = [0, 5, 10].map((from) => tenants.slice(from, from + 5)).map((group) => ({ ledger_ids: group.map((t) => t.ledger_id), tenant_ids: group.map((t) => t.id) }));
    const input: SetupJobInput = { facility_id: facility.id, facility_number: facility.facility_number, cycle_id: cycle.id, batches, by: { user_id: 'test', username: 'tester' } };
    const job = await createJobRecordOnly({ queue: SETUP_QUEUE, type: SETUP_JOB_TYPES.storedge, createdBy: 'test', input: { ...input } });
    // The worker's last receive dies once the first batch is set up and its tenants written.
    await failedOnLastReceive(job, dyingAt(setupRunners['storedge-setup']!, (detail) => (detail?.batches ?? 0) >= 1));
    const halfway = await getTenants(tenants.map((t) => t.id));
    expect(halfway.filter((t) => t.setup_via_api).length).toBe(5);

    // The dead run's second batch was under way in the pipeline: its claims hold a 2-minute lease. Staff
    // retry once it lapsed (a retry sooner waits it out on the queue: the next test).
    await lapseSetupLeases(tenants.slice(5, 10), cycle.id);
    await failedMinutesAgo(job.id, 3);

    const done = await retriedToDone(job.id, monitor);
    expect((done.state as { batches: { state: string }[] }).batches.map((b) => b.state)).toEqual(['complete', 'complete', 'complete']);
    for (const t of await getTenants(tenants.map((x) => x.id))) {
      expect(t.setup_via_api, t.ledger_id).toBe(true);
      expect(await writesOf(facility, t.ledger_id), t.ledger_id).toBe(1);
      expect((await tenantHistory(t.id)).filter((h) => h.action === 'policy_setup')).toHaveLength(1);
    }
  });
});
