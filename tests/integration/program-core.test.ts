/**
 * The data core of facilities and cycles against the emulator: tenant writes keep the cycle's and
 * facility's counters, the catalogs carry each record's filter flags, and the COUNTS item follows.
 */
import { describe, expect, it } from 'vitest';
import { TEST_WRITE } from './fixtures';
import { uniqueName } from './helpers';
import { makeFacility } from './fixtures';
import { createCycle, cycleEntryOf, getCycleCounters, updateCycle, getCycle } from '../../functions/cycles/cycle-store';
import type { CycleEntry } from '../../functions/cycles/cycle-store';
import { facilityEntryOf, getFacility, getFacilityCounters } from '../../functions/facilities/facility-store';
import type { FacilityEntry } from '../../functions/facilities/facility-store';
import { readCatalog, readCatalogCounts } from '../../functions/program/catalog';
import { catalogSourcesRead, createTenants, saveTenant } from '../../functions/tenants/tenant-store';
import { readTogether } from '../../functions/aws/batch-get';
import { dynamo } from '../../functions/aws/clients';
import type { NewTenant, TenantRecord } from '../../functions/tenants/tenant-store';

const tenant = (n: number, status: string | null, extra: Partial<NewTenant> = {}): NewTenant => ({
  facility_id: '', facility_number: '', cycle_id: '', first_name: `First${n}`, last_name: `Last${n}`, email: `t${n}@test.example`,
  address: `${n} Road`, city: 'Testville', state: 'TX', zip_code: '75001', unit: `U${n}`, ledger_id: `L${n}`, coverage_id: null,
  status, tagged_for_removal: false, charge_applied_date: null, payment_confirmed_date: null, setup_insurance_date: null,
  initial_letter_sent_date: null, reminder_letter_sent_date: null, welcome_letter_sent_date: null, provided_proof_date: null,
  opt_out_date: null, move_out_date: null, bad_address_date: null, ...extra,
});

describe('program data core', () => {
  it('keeps counters, catalog flags and COUNTS in step with tenant writes', async () => {
    const facility = await makeFacility(uniqueName('core'), null);
    const before = await readCatalogCounts('cycles');
    const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: 'Spring' });

    const tenants = await createTenants(cycle, [
      tenant(1, null), tenant(2, 'opt_out'), tenant(3, 'provide_proof'), tenant(4, 'plan-a', { charge_applied_date: '2026-01-02' }),
      tenant(5, 'moved_out'),
    ], TEST_WRITE);
    const counters = await getCycleCounters(cycle.id);
    expect(counters).toMatchObject({ total: 5, non_responder: 1, opted_out: 1, provided_proof: 1, selected_coverage: 1, charge_applied: 1, requires_setup: 1, moved_out: 1 });
    expect(await getFacilityCounters(facility.id)).toEqual(counters);

    let entry = (await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id);
    // 1 of 5 opted out (20% > 5%), 1 of 5 provided proof (20%, not over 20%), 1 of 5 moved out.
    expect(entry?.flags.sort()).toEqual(['initial_letters_unsent', 'moved_out_threshold', 'opt_outs_threshold', 'total'].sort());

    await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE);
    entry = (await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id);
    expect(entry?.flags).toContain('doing_move_outs');

    const current = (await getCycle(cycle.id))!;
    await updateCycle(current, { confirmed_move_outs_date: '2026-11-01', can_tag_removal: false, initial_letter_sent_date: '2026-11-02' });
    entry = (await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id);
    expect(entry?.flags).toContain('confirmed_move_outs');
    expect(entry?.flags).not.toContain('doing_move_outs');
    expect(entry?.flags).toContain('reminder_letters_unsent');

    const after = await readCatalogCounts('cycles');
    const diff = (k: keyof typeof after) => (after[k] ?? 0) - (before[k] ?? 0);
    expect(diff('total')).toBe(1);
    expect(diff('confirmed_move_outs')).toBe(1);
    expect(diff('doing_move_outs')).toBe(0);
    expect(diff('opt_outs_threshold')).toBe(1);
    expect(diff('initial_letters_unsent')).toBe(0);
  });

  it('converges when many writers change one cycle at once', async () => {
    const facility = await makeFacility(uniqueName('race'), null);
    const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: 'Race' });
    const tenants = await createTenants(cycle, Array.from({ length: 8 }, (_, i) => tenant(i, null)), TEST_WRITE);
    const saved = await Promise.all(tenants.map((t) => saveTenant(t, { status: 'opt_out' }, TEST_WRITE)));
    expect((await getCycleCounters(cycle.id)).opted_out).toBe(8);
    const entry = (await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id);
    expect(entry?.flags).toContain('opt_outs_threshold');

    // A second round moving other counters: each entry is exactly what its sources give once the writers are done.
    await Promise.all(saved.map((t, i) => saveTenant(t, i % 2 ? { status: 'provide_proof' } : { tagged_for_removal: true }, TEST_WRITE)));
    const [cycleNow, cycleCounters, facilityNow, facilityCounters] = await Promise.all([getCycle(cycle.id), getCycleCounters(cycle.id), getFacility(facility.id), getFacilityCounters(facility.id)]);
    expect(cycleCounters).toMatchObject({ opted_out: 4, provided_proof: 4 });
    expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)).toEqual(cycleEntryOf(cycleNow!, facilityNow, cycleCounters));
    expect((await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === facility.id)).toEqual(facilityEntryOf(facilityNow!, facilityCounters));
  });

  it('an entry written from a snapshot taken before another save does not stand once that save found its own snapshot unchanged', async () => {
    const facility = await makeFacility(uniqueName('stale'), null);
    const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: 'Stale' });
    const [a, b] = await createTenants(cycle, [tenant(0, null), tenant(1, null)], TEST_WRITE);
    const taggedA = await saveTenant(a!, { tagged_for_removal: true }, TEST_WRITE);
    // Untagging A lowers the cycle's 'doing_move_outs': hold that entry write until B is tagged and B's
    // refresh has read the flag still raised and (rightly, as it reads it) written nothing.
    let held!: () => void;
    const release = new Promise<void>((resolve) => { held = resolve; });
    let reached!: () => void;
    const reachedWrite = new Promise<void>((resolve) => { reached = resolve; });
    let once = true;
    const holder = 'programCoreStaleHolder';
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const input = JSON.stringify(args.input);
      if (once && context.commandName === 'TransactWriteItemsCommand' && input.includes('CATALOG#cycles') && input.includes(cycle.id)) {
        once = false;
        reached();
        await release;
      }
      return next(args);
    }, { step: 'initialize', name: holder });
    try {
      const untagging = saveTenant(taggedA, { tagged_for_removal: false }, TEST_WRITE);
      await reachedWrite;
      await saveTenant(b!, { tagged_for_removal: true }, TEST_WRITE);
      held();
      await untagging;
    } finally {
      dynamo().middlewareStack.remove(holder);
    }
    const [cycleNow, cycleCounters, facilityNow] = await Promise.all([getCycle(cycle.id), getCycleCounters(cycle.id), getFacility(facility.id)]);
    expect(cycleCounters.tagged_for_removal).toBe(1);
    expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)).toEqual(cycleEntryOf(cycleNow!, facilityNow, cycleCounters));
  });

  describe('a save that read its entries\' sources before (readTogether, catalogSourcesRead)', () => {
    /** The DynamoDB commands sent while `work` runs, by name. */
    async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
      const names: string[] = [];
      const recorder = 'programCoreCommandRecorder';
      dynamo().middlewareStack.add((next, context) => async (args) => {
        names.push(String(context.commandName).replace(/Command$/, ''));
        return next(args);
      }, { step: 'initialize', name: recorder });
      try {
        await work();
      } finally {
        dynamo().middlewareStack.remove(recorder);
      }
      return names;
    }

    async function expectEntriesRight(cycleId: string, facilityId: string) {
      const [cycleNow, cycleCounters, facilityNow, facilityCounters] = await Promise.all([getCycle(cycleId), getCycleCounters(cycleId), getFacility(facilityId), getFacilityCounters(facilityId)]);
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycleId)).toEqual(cycleEntryOf(cycleNow!, facilityNow, cycleCounters));
      expect((await readCatalog<FacilityEntry>('facilities')).find((e) => e.id === facilityId)).toEqual(facilityEntryOf(facilityNow!, facilityCounters));
    }

    async function fixture(stem: string, count: number) {
      const facility = await makeFacility(uniqueName(stem), null);
      const cycle = await createCycle({ facility_id: facility.id, facility_number: facility.facility_number, label: 'Known' });
      const tenants = await createTenants(cycle, Array.from({ length: count }, (_, i) => tenant(i, null)), TEST_WRITE);
      return { facility, cycle, tenants };
    }

    it('writes a changed entry without reading its sources again, and it is the entry they give', async () => {
      const { facility, cycle, tenants } = await fixture('known', 2);
      const [read] = await readTogether(catalogSourcesRead(tenants[0]!));
      // Tagging the cycle's first tenant raises its 'doing_move_outs' flag: the cycle's entry changes.
      const names = await commandsOf(() => saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE, { read }));
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)?.flags).toContain('doing_move_outs');
      await expectEntriesRight(cycle.id, facility.id);
      // The tenant's transaction, then each changed entry's (side by side); nothing read again.
      expect(names.filter((n) => n === 'TransactGetItems')).toEqual([]);
      expect(names.filter((n) => n === 'TransactWriteItems')).toHaveLength(3);
    });

    it('checks an entry the save leaves as it was in the same transaction, and reads again when that entry\'s record changed since', async () => {
      const { facility, cycle, tenants } = await fixture('known-unchanged', 2);
      // 'No move-outs' confirmed: tagging leaves the cycle's flags as they were; the facility's counts move.
      await updateCycle((await getCycle(cycle.id))!, { confirmed_no_move_outs_date: '2026-12-01' });
      const [read] = await readTogether(catalogSourcesRead(tenants[0]!));
      let tagged!: TenantRecord;
      const names = await commandsOf(async () => { tagged = await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE, { read }); });
      expect(names.filter((n) => n === 'TransactGetItems')).toEqual([]);
      expect(names.filter((n) => n === 'TransactWriteItems')).toHaveLength(2);
      await expectEntriesRight(cycle.id, facility.id);
      await saveTenant(tagged, { tagged_for_removal: false }, TEST_WRITE);

      // Another writer lifts the confirmation between this save's read and its write: as read, the cycle's
      // entry stays as it was, but with the cycle as it now stands the tag raises 'doing_move_outs'.
      const [again] = await readTogether(catalogSourcesRead(tenants[1]!));
      await updateCycle((await getCycle(cycle.id))!, { confirmed_no_move_outs_date: null });
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)?.flags).not.toContain('doing_move_outs');
      await saveTenant(tenants[1]!, { tagged_for_removal: true }, TEST_WRITE, { read: again });
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)?.flags).toContain('doing_move_outs');
      await expectEntriesRight(cycle.id, facility.id);
    });

    it('reads again when another save moved the counters since, so the flags follow both', async () => {
      const { facility, cycle, tenants } = await fixture('known-race', 3);
      const first = await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE);
      // Read with one tenant tagged; then another is tagged (the flag stays raised: that entry is not written).
      const [read] = await readTogether(catalogSourcesRead(first));
      await saveTenant(tenants[1]!, { tagged_for_removal: true }, TEST_WRITE);
      // Untagging the first, as read, would lower the flag; one tenant is still tagged, so it must stay.
      await saveTenant(first, { tagged_for_removal: false }, TEST_WRITE, { read });
      expect((await getCycleCounters(cycle.id)).tagged_for_removal).toBe(1);
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)?.flags).toContain('doing_move_outs');
      await expectEntriesRight(cycle.id, facility.id);
    });

    it('reads again when the cycle record changed since', async () => {
      const { facility, cycle, tenants } = await fixture('known-record', 1);
      const [read] = await readTogether(catalogSourcesRead(tenants[0]!));
      await updateCycle((await getCycle(cycle.id))!, { label: 'Renamed' });
      await saveTenant(tenants[0]!, { tagged_for_removal: true }, TEST_WRITE, { read });
      expect((await readCatalog<CycleEntry>('cycles')).find((e) => e.id === cycle.id)).toMatchObject({ label: 'Renamed' });
      await expectEntriesRight(cycle.id, facility.id);
    });
  });
});
