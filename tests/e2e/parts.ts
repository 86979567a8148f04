/**
 * `npm test` runs the end-to-end suite in two parts (tests/run-all.ts): the head in the end-to-end lane
 * from the start, and these few spec files in the checks lane once its integration suite is done, against a
 * program of their own. The checks lane used to end five to nine minutes before the end-to-end lane, with
 * a third of the two cores idle from then on; these files fill that time (docs/decisions.md "The
 * end-to-end suite's tail runs in the checks lane"). A plain `npx playwright test` runs every file.
 *
 * Chosen by their time in CI (about 285 s of the ~1,400 s): files that need nothing another file made
 * (their own facilities and users, or the demo data alone).
 */
export const TAIL_SPECS = [
  'manager-audit.spec.ts', 'tenant-accounts.spec.ts', 'profile.spec.ts', 'home.spec.ts',
  // Added when CI's lanes were 1,262 s (end-to-end) and 1,018 s (checks): about 125 s of the head's time.
  'navigation.spec.ts', 'login.spec.ts', 'guard.spec.ts',
] as const;

export type E2EPart = 'head' | 'tail';

/** The part `E2E_PART` names; every file when it names none. */
export function e2ePart(value = process.env.E2E_PART): E2EPart | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'head' || value === 'tail') return value;
  throw new Error(`E2E_PART is '${value}': it is 'head', 'tail' or unset (every spec file)`);
}
