/**
 * The pure parts of the archive lock and the archived ledger ids: which facilities and cycles a job
 * registers on, the condition every tenant write carries on a STATS item, the refusals' wording, and how
 * the archived ledger ids are cut into items.
 */
import { describe, expect, it } from 'vitest';
import {
  cycleArchivingMessage, facilityArchivingMessage, jobLockedMessage, jobRunningMessage, jobTargetsOf, tenantWriteCondition, tenantsLockedMessage,
} from '../../functions/archives/archive-lock';
import { ledgerParts } from '../../functions/archives/archived-ledgers';

describe('jobTargetsOf', () => {
  it('groups tenants by facility with the distinct cycles of each', () => {
    const t = (facility: string, cycle: string) => ({ facility_id: `f-${facility}`, facility_number: facility, cycle_id: cycle });
    expect(jobTargetsOf([t('101', 'a'), t('202', 'c'), t('101', 'b'), t('101', 'a')])).toEqual([
      { facility: { id: 'f-101', facility_number: '101' }, cycleIds: ['a', 'b'] },
      { facility: { id: 'f-202', facility_number: '202' }, cycleIds: ['c'] },
    ]);
    expect(jobTargetsOf([])).toEqual([]);
  });
});

describe('tenantWriteCondition', () => {
  it('lets a write through only where no archive holds the item, or the writing archive does', () => {
    expect(tenantWriteCondition(undefined)).toEqual({ ConditionExpression: 'attribute_not_exists(#archiving)', ExpressionAttributeNames: { '#archiving': 'archiving' } });
    expect(tenantWriteCondition('arch-1')).toEqual({
      ConditionExpression: 'attribute_not_exists(#archiving) OR #archiving.#lockId = :lockArchive',
      ExpressionAttributeNames: { '#archiving': 'archiving', '#lockId': 'archive_id' },
      ExpressionAttributeValues: { ':lockArchive': 'arch-1' },
    });
  });
});

describe('the refusals', () => {
  it('name the facility (and the cycle) in the words of the brief', () => {
    expect(tenantsLockedMessage('1042')).toBe('Facility 1042 is being archived; its tenants cannot change until the archive is done.');
    expect(facilityArchivingMessage('1042')).toBe('Facility 1042 is already being archived.');
    expect(cycleArchivingMessage('Spring 2026', '1042')).toBe('Cycle Spring 2026 of facility 1042 is being archived.');
    expect(jobRunningMessage('1042')).toBe('An import or letter job for facility 1042 is running; archive it when the job is done.');
    expect(jobLockedMessage('import', '1042')).toBe('Facility 1042 is being archived; no rent roll can be imported into it until the archive is done.');
    expect(jobLockedMessage('letters', '1042')).toBe('Facility 1042 is being archived; no letters can be generated for its tenants until the archive is done.');
  });
});

describe('ledgerParts', () => {
  it('keeps each ledger id once, compared as imports compare them, blanks left out', () => {
    expect(ledgerParts([' L1 ', 'l1', 'L2', '  ', ''])).toEqual([['l1', 'l2']]);
    expect(ledgerParts([])).toEqual([]);
  });

  it('cuts the ids into parts under the byte limit, none lost', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `LEDGER-${String(i).padStart(6, '0')}`);
    const parts = ledgerParts(ids, 1000);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part.reduce((sum, k) => sum + Buffer.byteLength(k) + 3, 0)).toBeLessThanOrEqual(1000);
    expect(parts.flat()).toEqual(ids.map((id) => id.toLowerCase()));
  });
});
