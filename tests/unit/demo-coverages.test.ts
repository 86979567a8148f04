/**
 * The demo's coverage options and the simulators' plans are one list (localstack/demo/facilities.ts
 * demoPlanAmounts): a demo facility's options carry the plan ids its software answers, so its tenants
 * can be set up; a facility the simulators do not know (the scale seed's 20001 on) gets the same
 * amounts without ids, and seeding it does not fail.
 */
import { expect, it } from 'vitest';
import { DEMO_FACILITIES } from '../../localstack/demo/facilities';
import { coveragesOf } from '../../localstack/demo/records';
import { siteLinkCoverages, storEdgeItems } from '../../localstack/simulators/data';

const demo = (software: string) => DEMO_FACILITIES.find((f) => f.software === software && f.number !== '1001')!;

it('gives a demo SiteLink facility the plans and ids SiteLink answers for it', () => {
  const f = demo('sitelink_web');
  expect(coveragesOf(f).map((o) => [o.coverage, o.premium, o.sitelink_coverage_id]))
    .toEqual(siteLinkCoverages(f.number).map((p) => [p.dcCoverage, p.dcPremium, p.InsurCoverageID]));
});

it('gives a demo StorEdge facility the plans and ids StorEdge answers for it', () => {
  const f = demo('storedge');
  const items = storEdgeItems(f.number).filter((i) => i.kind === 'insurance' && i.active);
  expect(coveragesOf(f).map((o) => [o.coverage, o.premium, o.storedge_coverage_id])).toEqual(items.map((i) => [i.coverage_amount, i.amount, i.id]));
});

it('keeps the amounts without ids for a facility the simulators do not know (the scale seed)', () => {
  for (const software of ['sitelink_web', 'storedge'] as const) {
    const f = { ...demo(software), number: '20001' };
    const options = coveragesOf(f);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => !o.sitelink_coverage_id && !o.storedge_coverage_id)).toBe(true);
  }
});
