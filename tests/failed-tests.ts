/**
 * The failed tests of a run, one line each with the first line of their error, read from the suites' JSON
 * reports (.local/test-summary). `npm test` prints them last, beside the summary, because a CI log is often
 * read from its end only, where a Playwright failure's message, printed above its code frame, is cut off.
 */

/** A failed test: where it is, its name, and the first line of what it said. */
export interface FailedTest { where: string; name: string; error: string }

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first line of a failure message that says something, without colours, at most 240 characters. */
export function firstLine(message: string | undefined): string {
  const line = (message ?? '').replace(ANSI, '').split('\n').map((l) => l.trim()).find((l) => l.length > 0) ?? '(no message)';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

export interface VitestReport { testResults?: { name?: string; assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[] }[] }

export function vitestFailures(report: VitestReport | null, root: string): FailedTest[] {
  return (report?.testResults ?? []).flatMap((file) => (file.assertionResults ?? [])
    .filter((a) => a.status === 'failed')
    .map((a) => ({ where: (file.name ?? '').replace(`${root}/`, ''), name: a.fullName ?? '', error: firstLine(a.failureMessages?.[0]) })));
}

export interface PlaywrightSuite {
  specs?: { title?: string; file?: string; line?: number; tests?: { status?: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

export function playwrightFailures(report: { suites?: PlaywrightSuite[] } | null): FailedTest[] {
  const out: FailedTest[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        out.push({ where: `tests/e2e/${spec.file ?? ''}:${spec.line ?? 0}`, name: spec.title ?? '', error: firstLine(error) });
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}
