/**
 * The integrity flags of a read proof (functions/proofs/proof-flags.ts), and the S3 notices the
 * proof-reading worker takes its proofs from (functions/proofs/proof-reading.ts).
 */
import { describe, expect, it } from 'vitest';
import { namesMatch, insurersMatch, proofFlags, withCurrentTwins } from '../../functions/proofs/proof-flags';
import type { FlagInputs } from '../../functions/proofs/proof-flags';
import { keysOfS3Event, proofIdOfKey } from '../../functions/proofs/proof-reading';
import { policyNumberKey } from '../../functions/proofs/proof-twins';
import type { DeclarationsFactsView, OtherProof } from '../../shared/proof-reading';

const sure = <T>(value: T) => ({ value, confidence: 0.95 });

/** A page that agrees with everything: each test changes one thing. */
const PAGE: DeclarationsFactsView = {
  insurer: sure('State Farm Fire and Casualty Company'),
  policy_number: sure('98-BQ-1234-5'),
  named_insured: sure('JANE A. DOE'),
  insured_address: sure('12 Oak St, Springfield, IL 62704'),
  period_start: sure('2026-03-01'),
  period_end: sure('2027-03-01'),
  off_premises: sure(true),
  off_premises_limit: sure(5000),
};

const inputs = (change: Partial<FlagInputs> = {}, facts: Partial<DeclarationsFactsView> = {}): FlagInputs => ({
  facts: { ...PAGE, ...facts },
  pdfEdited: { edited: false, reasons: [] },
  tenant: { first_name: 'Jane', last_name: 'Doe' },
  typed: { insurer: 'State Farm', policy_expiry_date: '2027-03-01' },
  uploadDay: '2026-11-20',
  coverageStart: '2026-12-01',
  minimumLimit: 2000,
  samePolicy: [],
  sameFile: [],
  ...change,
});

const codes = (i: FlagInputs) => proofFlags(i).map((f) => f.code);
const OTHER: OtherProof = { proof_id: 'p2', tenant_id: 't2', facility_number: '1001', unit: 'B7', name: 'John Roe', review: 'accepted' };

describe('proof flags', () => {
  it('raises none for a page that agrees with the tenant, the typed answer and the program', () => {
    expect(proofFlags(inputs())).toEqual([]);
  });

  it('matches the named insured allowing for order, initials, case, accents and co-insureds', () => {
    const tenant = { first_name: 'José', last_name: 'Núñez-García' };
    for (const insured of ['Jose Nunez-Garcia', 'NUÑEZ-GARCÍA, JOSÉ', 'J. Nunez Garcia', 'Maria & Jose Nunez-Garcia', 'Jose L. Nunez-Garcia']) {
      expect(namesMatch(tenant, insured), insured).toBe(true);
    }
    for (const insured of ['Maria Nunez-Garcia', 'Jose Nunez', 'John Smith', 'K. Nunez-Garcia']) {
      expect(namesMatch(tenant, insured), insured).toBe(false);
    }
    expect(namesMatch({ first_name: 'Acme Storage LLC', last_name: null }, 'ACME STORAGE LLC')).toBe(true);
    expect(namesMatch({ first_name: 'Acme Storage LLC', last_name: null }, 'Acme Holdings')).toBe(false);
  });

  it('flags a named insured who is not the tenant, with both names', () => {
    const [flag] = proofFlags(inputs({}, { named_insured: sure('Robert Smith') }));
    expect(flag).toEqual({ code: 'name_mismatch', reason: 'The page names "Robert Smith" as the insured; the tenant is Jane Doe.' });
  });

  it('flags a policy that ends before the coverage requirement starts, or within 30 days of the upload', () => {
    expect(codes(inputs({ typed: { insurer: 'State Farm', policy_expiry_date: '2026-11-30' } }, { period_end: sure('2026-11-30') }))).toEqual(['ends_before_coverage']);
    expect(codes(inputs({ coverageStart: '2026-11-20', typed: { insurer: 'State Farm', policy_expiry_date: '2026-12-20' } }, { period_end: sure('2026-12-20') }))).toEqual(['ends_soon']);
    // Day 31 after the upload is not soon.
    expect(codes(inputs({ coverageStart: '2026-11-20', typed: { insurer: 'State Farm', policy_expiry_date: '2026-12-21' } }, { period_end: sure('2026-12-21') }))).toEqual([]);
  });

  it('flags a typed expiry or insurer the page contradicts, and not an insurer the page names more fully', () => {
    const flags = proofFlags(inputs({ typed: { insurer: 'Allstate', policy_expiry_date: '2027-02-01' } }));
    expect(flags.map((f) => f.code)).toEqual(['typed_expiry_differs', 'typed_insurer_differs']);
    expect(flags[0]!.reason).toBe('The tenant typed 2/01/2027 as the expiry; the page says 3/01/2027.');
    expect(insurersMatch('state farm', 'State Farm Fire and Casualty Company')).toBe(true);
    expect(insurersMatch('Liberty Mutual Insurance', 'LIBERTY MUTUAL')).toBe(true);
    expect(insurersMatch('Geico', 'Progressive Casualty Insurance Company')).toBe(false);
  });

  it('names the other tenants whose proofs carry the same policy number or the same file', () => {
    const flags = proofFlags(inputs({ samePolicy: [OTHER], sameFile: [OTHER] }));
    expect(flags.map((f) => f.code)).toEqual(['same_policy_number', 'same_file']);
    expect(flags[0]!.reason).toBe('Policy number 98-BQ-1234-5 is also on the proof of John Roe (facility 1001, unit B7, accepted).');
    expect(flags[0]!.others).toEqual([OTHER]);
  });

  it('keeps the twin flags current: a twin gone since the reading drops, a new one appears, order kept', () => {
    const stored = proofFlags(inputs({ samePolicy: [OTHER], typed: { insurer: 'Allstate', policy_expiry_date: '2027-03-01' } }));
    expect(stored.map((f) => f.code)).toEqual(['typed_insurer_differs', 'same_policy_number']);
    const now = withCurrentTwins(stored, '98-BQ-1234-5', { samePolicy: [], sameFile: [OTHER] });
    expect(now.map((f) => f.code)).toEqual(['typed_insurer_differs', 'same_file']);
  });

  it('flags a page without coverage away from home, or silent about it, or with a limit under the minimum', () => {
    expect(codes(inputs({}, { off_premises: sure(false), off_premises_limit: null }))).toEqual(['no_off_premises']);
    expect(codes(inputs({}, { off_premises: null, off_premises_limit: null }))).toEqual(['no_off_premises']);
    // A stated limit is coverage stated.
    expect(codes(inputs({}, { off_premises: null, off_premises_limit: sure(3000) }))).toEqual([]);
    const [low] = proofFlags(inputs({}, { off_premises_limit: sure(1000) }));
    expect(low).toEqual({ code: 'limit_below_minimum', reason: 'The limit for property away from home is $1,000, below the program\'s minimum of $2,000.' });
    expect(codes(inputs({ minimumLimit: null }, { off_premises_limit: sure(1000) }))).toEqual([]);
  });

  it('flags an edited PDF with its reasons', () => {
    const [flag] = proofFlags(inputs({ pdfEdited: { edited: true, reasons: ['it was saved again after it was made (2 revisions)'] } }));
    expect(flag).toEqual({ code: 'pdf_edited', reason: 'The PDF was changed after it was made: it was saved again after it was made (2 revisions).' });
  });

  it('says nothing about a fact the page did not give', () => {
    const blank = Object.fromEntries(Object.keys(PAGE).map((k) => [k, null])) as unknown as DeclarationsFactsView;
    // Only the silence about property away from home is itself worth a look.
    expect(codes({ ...inputs(), facts: blank })).toEqual(['no_off_premises']);
  });
});

describe('proof notices and keys', () => {
  it('takes the kept proofs S3 announces and nothing else', () => {
    const body = JSON.stringify({
      Records: [
        { eventName: 'ObjectCreated:Put', s3: { object: { key: 'proofs/checked/t-1/p-1', size: 10 } } },
        { eventName: 'ObjectRemoved:Delete', s3: { object: { key: 'proofs/checked/t-1/p-2' } } },
        { eventName: 'ObjectCreated:Copy', s3: { object: { key: 'proofs/checked/t+2/p%2B3' } } },
      ],
    });
    expect(keysOfS3Event(body)).toEqual(['proofs/checked/t-1/p-1', 'proofs/checked/t 2/p+3']);
    expect(keysOfS3Event(JSON.stringify({ Service: 'Amazon S3', Event: 's3:TestEvent' }))).toEqual([]);
    expect(keysOfS3Event('not json')).toEqual([]);
    expect(proofIdOfKey('proofs/checked/t-1/p-1')).toBe('p-1');
    expect(proofIdOfKey('proofs/uploads/t-1/u-1')).toBeNull();
    expect(proofIdOfKey('proofs/checked/t-1')).toBeNull();
  });

  it('reads policy numbers alike whatever their punctuation, and ignores ones too short to mean one policy', () => {
    expect(policyNumberKey('98-bq 1234.5')).toBe('98BQ12345');
    expect(policyNumberKey('1234')).toBeNull();
  });
});
