import { defineConfig } from '@playwright/test';
import { TAIL_SPECS, e2ePart } from './tests/e2e/parts';

/**
 * End-to-end tests in Debian's Chromium against the whole program on 127.0.0.1: global setup builds
 * the web app and starts a private emulator and runtime, and hands their address over in E2E_BASE_URL.
 */
const part = e2ePart();
const tail = TAIL_SPECS.map((file) => `**/${file}`);

export default defineConfig({
  testDir: 'tests/e2e',
  // npm test's two parts of the suite (tests/e2e/parts.ts); every file when E2E_PART is unset.
  ...(part === 'head' ? { testIgnore: tail } : part === 'tail' ? { testMatch: tail } : {}),
  // Playwright empties its output folder when it starts: the tail's must not be the head's, still running.
  outputDir: part === 'tail' ? 'test-results/tail' : 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // One browser: CI's machine (2 cores shared by Chromium, the runtime, LocalStack and DynamoDB Local)
  // ran two workers slower than one and a test timed out under the load (docs/decisions.md "End-to-end:
  // two workers"). The specs stay fit for two: they find their rows by filter and compare a page with
  // its own answer.
  workers: 1,
  fullyParallel: false,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    browserName: 'chromium',
    viewport: { width: 1366, height: 900 },
    // No trace unless asked for (E2E_TRACE=1): one is recorded (a DOM snapshot at every step) even for a
    // test that passes and throws it away; it cost two spec files 13 % of their time, and more on pages of
    // big tables (docs/decisions.md "npm test in two lanes"). A failure still leaves its screenshot and the
    // page's error context.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
