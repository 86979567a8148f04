import { defineConfig } from 'vitest/config';

/**
 * Three suites: unit (pure rules), integration (real HTTP through the local runtime against a private
 * emulator) and infra (CDK templates). Playwright runs the end-to-end suite separately.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit', include: ['tests/unit/**/*.test.ts'],
          // The files of a worker share its modules (as the infra suite's do): each file loading the
          // program's modules again was a third of the suite's CPU time. A file that mocks a module loads
          // it afresh (vi.resetModules) and lets it go after itself.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One emulator and one runtime for the suite; files run one after another against them, sharing
          // their modules (the AWS SDK and the program's were loaded again for each of the 40 files: ~40 s
          // of CPU in CI). A file that needs a module made afresh says so (metrics.test.ts).
          fileParallelism: false, isolate: false,
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
