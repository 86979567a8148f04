/**
 * Which jobs need staff (issue 26): the gsi1 entry a status gives a job, and when a job counts as stalled
 * (queued or running, silent for longer than its queue's visibility timeout).
 */
import { describe, expect, it } from 'vitest';
import { isStalled, queuedAgainText, retryDelaySeconds } from '../../functions/jobs/failed-jobs';
import type { RetriedJob } from '../../functions/jobs/failed-jobs';
import { jobIndexEntry } from '../../functions/jobs/job-store';
import { JOB_QUEUES } from '../../shared/jobs';
import { JOB_KINDS, jobKindOf } from '../../shared/job-kinds';
import { WEB_ROUTES } from '../../web/src/routes/route-table';
import { ARCHIVE_JOB_TYPE } from '../../functions/archives/archive-job-input';
import { EXPORT_JOB_TYPES } from '../../functions/exports/export-jobs';
import { IMPORT_JOB_TYPE } from '../../functions/imports/import-job-type';
import { LEDGER_JOB_TYPES } from '../../functions/letters/ledger-job-types';
import { LETTER_JOB_TYPES } from '../../functions/letters/letter-job-type';
import { SETUP_JOB_TYPES } from '../../functions/policy-setup/setup-job-types';

describe('the failed and running jobs index', () => {
  it('failed and running jobs are indexed from when they got there; queued and done jobs are not', () => {
    const at = '2026-11-28T01:00:00.000Z';
    expect(jobIndexEntry('j1', 'failed', at)).toEqual({ gsi1pk: 'JOBS#FAILED', gsi1sk: `${at}#j1` });
    expect(jobIndexEntry('j1', 'running', at)).toEqual({ gsi1pk: 'JOBS#RUNNING', gsi1sk: `${at}#j1` });
    expect(jobIndexEntry('j1', 'queued', at)).toBeNull();
    expect(jobIndexEntry('j1', 'done', at)).toBeNull();
  });
});

describe('stalled', () => {
  const now = Date.parse('2026-11-28T02:00:00.000Z');
  it.each(JOB_QUEUES.map((q) => [q.name, q.visibilityTimeoutSeconds] as const))('%s: after %i s of silence, not before', (queue, seconds) => {
    const ago = (ms: number) => new Date(now - ms).toISOString();
    for (const status of ['running', 'queued'] as const) {
      expect(isStalled({ status, queue, updated_at: ago(seconds * 1000 + 1) }, now)).toBe(true);
      expect(isStalled({ status, queue, updated_at: ago(seconds * 1000 - 1000) }, now)).toBe(false);
    }
    for (const status of ['failed', 'done'] as const) expect(isStalled({ status, queue, updated_at: ago(10 * seconds * 1000) }, now)).toBe(false);
  });
});

describe('job kinds', () => {
  it('every link is a page of the web route table; an unknown type shows as itself, with no link', () => {
    const paths = new Set(WEB_ROUTES.map((r) => r.path));
    for (const [type, kind] of Object.entries(JOB_KINDS)) if (kind.link) expect(paths.has(kind.link.split('?')[0]!), type).toBe(true);
    expect(jobKindOf('no-such-type')).toEqual({ label: 'no-such-type', link: null });
  });

  it('names every job type the routes queue, and only those', () => {
    const queued = [
      IMPORT_JOB_TYPE, ARCHIVE_JOB_TYPE, ...Object.values(LETTER_JOB_TYPES), ...Object.values(LEDGER_JOB_TYPES),
      ...Object.values(EXPORT_JOB_TYPES), ...Object.values(SETUP_JOB_TYPES),
    ];
    expect(Object.keys(JOB_KINDS).sort()).toEqual([...new Set(queued)].sort());
  });
});

describe('a retry waits out the claims of the run that stopped', () => {
  const now = Date.parse('2026-11-28T02:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('a setup batch job waits what is left of 120 s since it last changed; other kinds start at once', () => {
    expect(retryDelaySeconds({ queue: 'setup-batches', updated_at: ago(0) }, now)).toBe(120);
    expect(retryDelaySeconds({ queue: 'setup-batches', updated_at: ago(30.5) }, now)).toBe(90);
    expect(retryDelaySeconds({ queue: 'setup-batches', updated_at: ago(120) }, now)).toBe(0);
    expect(retryDelaySeconds({ queue: 'setup-batches', updated_at: ago(3600) }, now)).toBe(0);
    for (const q of JOB_QUEUES.filter((x) => x.name !== 'setup-batches')) expect(retryDelaySeconds({ queue: q.name, updated_at: ago(0) }, now), q.name).toBe(0);
  });

  it('says when the job starts', () => {
    const job = (starts: number) => ({ queue: 'setup-batches', starts_in_seconds: starts }) as RetriedJob;
    expect(queuedAgainText(job(0))).toBe('queued again on setup-batches.');
    expect(queuedAgainText(job(45))).toBe('queued again on setup-batches; it starts in 45 seconds, once the run that stopped has let go of its tenants.');
    expect(queuedAgainText(job(120))).toBe('queued again on setup-batches; it starts in about 2 minutes, once the run that stopped has let go of its tenants.');
  });
});
