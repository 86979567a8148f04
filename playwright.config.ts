import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the whole program on 127.0.0.1: global setup builds
 * the web app and starts a private emulator and runtime, and hands their address over in E2E_BASE_URL.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Two browsers against the one program (tests find their rows by filter and compare a page with its own
  // answer, never with a program-wide read of another moment): most of a test's time is waiting on the
  // runtime and the emulator (docs/decisions.md "End-to-end: two workers").
  workers: 2,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
