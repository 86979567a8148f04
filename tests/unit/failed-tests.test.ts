/** npm test's list of failed tests with their first error line (tests/failed-tests.ts). */
import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailures } from '../failed-tests';

describe('firstLine', () => {
  it('takes the first line that says something, without colours, and shortens a long one', () => {
    expect(firstLine(`\n  ${String.fromCharCode(27)}[31mError: expected 1 to be 2${String.fromCharCode(27)}[39m\n    at x`)).toBe('Error: expected 1 to be 2');
    expect(firstLine('x'.repeat(300))).toHaveLength(240);
    expect(firstLine(undefined)).toBe('(no message)');
  });
});

describe('vitestFailures', () => {
  it('lists the failed assertions of each file, the path from the root', () => {
    const report = { testResults: [{ name: '/repo/tests/integration/a.test.ts', assertionResults: [
      { fullName: 'a works', status: 'passed', failureMessages: [] },
      { fullName: 'a fails', status: 'failed', failureMessages: ['TypeError: fetch failed\n    at call'] },
    ] }] };
    expect(vitestFailures(report, '/repo')).toEqual([{ where: 'tests/integration/a.test.ts', name: 'a fails', error: 'TypeError: fetch failed' }]);
    expect(vitestFailures(null, '/repo')).toEqual([]);
  });
});

describe('playwrightFailures', () => {
  it('lists the unexpected tests of nested suites with the first error of their results', () => {
    const report = { suites: [{ specs: [], suites: [{ specs: [
      { title: 'passes', file: 'a.spec.ts', line: 3, tests: [{ status: 'expected', results: [{}] }] },
      { title: 'state mode', file: 'letters.spec.ts', line: 349, tests: [{ status: 'unexpected', results: [{ error: { message: 'Error: Timed out 30000ms waiting for expect(locator).toBeVisible()\n\nLocator: x' } }] }] },
    ] }] }] };
    expect(playwrightFailures(report)).toEqual([{ where: 'tests/e2e/letters.spec.ts:349', name: 'state mode', error: 'Error: Timed out 30000ms waiting for expect(locator).toBeVisible()' }]);
  });
});
