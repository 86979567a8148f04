/**
 * How every Lambda is bundled, in one place: CDK's NodejsFunction uses it for deployment and the
 * benchmark bundles the same way to measure bundle size and cold start.
 */
export const LAMBDA_ENTRY_ROOT = 'functions';
export const apiEntry = (group: string): string => `${LAMBDA_ENTRY_ROOT}/api/${group}.ts`;
export const workerEntry = (queue: string): string => `${LAMBDA_ENTRY_ROOT}/workers/${queue}.ts`;

/** esbuild options shared by CDK (NodejsFunction bundling) and the bench. */
export const BUNDLE = {
  minify: true,
  sourceMap: false,
  target: 'node22',
  format: 'esm' as const,
  /** ESM bundles need require() for the few CommonJS dependencies that call it. */
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
  /** Everything is bundled, the AWS SDK included, so deployed code runs the versions the tests ran. */
  externalModules: [] as string[],
};
