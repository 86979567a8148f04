import { defineConfig } from 'vitest/config';

/**
 * Three suites: unit (pure rules), integration (real HTTP through the local runtime against a private
 * emulator) and infra (CDK templates). Playwright runs the end-to-end suite separately.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One emulator and one runtime for the suite; files run one after another against them.
          fileParallelism: false,
          // Expected failures in tests would otherwise fill the output with error logs; metric lines are
          // off as well (tests/integration/metrics.test.ts turns them on for itself).
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000,
          // The files share one worker's modules: aws-cdk-lib is loaded once and the app with the default
          // options synthesized once (tests/infra/synth.ts), not once per file (46 s of 48 were that).
          isolate: false, fileParallelism: false,
        },
      },
    ],
  },
});
