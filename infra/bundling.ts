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
  /**
   * Everything is bundled, the AWS SDK included, so deployed code runs the versions the tests ran;
   * except bowser (34 kB in every bundle): the SDK's browser user-agent parser loads it with a dynamic
   * `import("bowser")` that only a browser client runs, so in Node the import is never executed; and
   * Powertools Tracer (TRACER below).
   */
  externalModules: ['bowser', '@aws-lambda-powertools/tracer'] as string[],
};

/**
 * Powertools Tracer and the X-Ray SDK it carries (125 kB, 80-150 ms to load) are in no bundle (external
 * above): the functions that call SiteLink, StorEdge or the CRM have them installed beside, and load them
 * with their first traced call (functions/external/tracing.ts; docs/decisions.md "Tracing"). The list is
 * exactly the functions whose code reaches functions/external/http.ts (tests/unit/traced-bundles.test.ts).
 */
const TRACER = '@aws-lambda-powertools/tracer';
const CALLS_OUTSIDE_SYSTEMS: readonly string[] = [
  apiEntry('facilities'), apiEntry('coverages'), apiEntry('policy-setup'), workerEntry('setup-batches'), workerEntry('ledger-checks'),
];

/**
 * Packages left out of one bundle and installed beside it in the function's node_modules
 * (NodejsFunction `bundling.nodeModules`, which also marks them external; the bench bundles the same
 * way). Only for a big library that the handler loads on first use (`await import`): esbuild writes one
 * file, so a bundled library is parsed at every cold start even if no invocation needs it. exceljs is
 * 1.09 MB of the archive-exports worker and cost it ≈ 40 ms of init (docs/decisions.md, "Spreadsheet
 * exports run as jobs"). The version installed is the one in package-lock.json.
 */
const SECRETS_MANAGER = '@aws-sdk/client-secrets-manager';

const INSTALLED_BESIDE: Readonly<Record<string, readonly string[]>> = {
  [workerEntry('archive-exports')]: ['exceljs'],
  // pdf-lib and exceljs are most of its 2.6 MB bundle: ≈ 195 ms of init with them inside (docs/decisions.md).
  [workerEntry('letter-generation')]: ['exceljs', 'pdf-lib'],
  // The SiteLink rent roll and StorEdge ledger reports are written there, beside the checks (docs/decisions.md "Ledger reports").
  [workerEntry('ledger-checks')]: ['exceljs'],
  // The common-password list is read only when someone chooses a password (functions/auth/common-passwords.ts):
  // inside, auth measured 1,123 kB and users 1,191 kB; beside them, 694 kB and 762 kB, under the API budget of 1 MB.
  [apiEntry('auth')]: ['@zxcvbn-ts/language-common'],
  [apiEntry('users')]: ['@zxcvbn-ts/language-common'],
  // The Secrets Manager client reads the app secret once per container, on first use (functions/aws/clients.ts):
  // the signed cursors (functions/runtime/cursor.ts) brought it into these groups, 27 kB each, and took them over
  // the API budget of 1 MB (proof-reviews 1,026 kB, letters 1,019 kB, facility-software 1,010 kB, exports 1,008 kB,
  // facility-archives 1,003 kB); beside them, each is 27 kB smaller.
  ...Object.fromEntries(['proof-reviews', 'letters', 'facility-software', 'exports'].map((group) => [apiEntry(group), [SECRETS_MANAGER]])),
  // The admin restore reads an archive's export (functions/archives/restore-route.ts): with exceljs inside, the
  // group's bundle is 2.05 MB; beside it, 966 kB, under the API budget of 1 MB.
  [apiEntry('facility-archives')]: ['exceljs', SECRETS_MANAGER],
  // The declarations reader (functions/proofs/reader): sharp loads its native binary from its own package,
  // tesseract.js starts its OCR thread from its own script files and reads the English model from
  // @tesseract.js-data/eng's folder, and pdfjs-dist loads its worker module by path: bundled, none of them
  // loads (tried: sharp's 'Could not load the "sharp" module using the linux-x64 runtime').
  [workerEntry('proof-reading')]: ['sharp', 'tesseract.js', '@tesseract.js-data/eng', 'pdfjs-dist'],
};

/**
 * npm's platform for the packages installed beside a bundle: the functions run on ARM (Graviton,
 * infra/app-function.ts), so a package with native binaries (sharp's @img/sharp-linux-arm64) must be
 * installed for linux/arm64/glibc, not for the machine that deploys.
 */
export const INSTALL_PLATFORM = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' } as const;

/** What `entry`'s function installs beside its bundle (empty for almost every function). */
export const nodeModulesFor = (entry: string): string[] => [...(INSTALLED_BESIDE[entry] ?? []), ...(CALLS_OUTSIDE_SYSTEMS.includes(entry) ? [TRACER] : [])];
