/**
 * Bundles every Lambda the way CDK's NodejsFunction does (options from infra/bundling.ts) and measures
 * the minified size. The esbuild metafile says which packages fill each bundle, so a bundle over
 * budget comes with the reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, stop } from 'esbuild';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { BUNDLE, apiEntry, nodeModulesFor, workerEntry } from '../../infra/bundling';
import { API_GROUPS } from '../../shared/routes';
import { WORKER_QUEUE_NAMES } from '../../shared/jobs';
import { SCHEDULE_NAMES } from '../../shared/schedules';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface Contributor {
  name: string;
  bytes: number;
}

export interface BundleResult {
  kind: 'api' | 'worker';
  name: string;
  entry: string;
  file: string;
  bytes: number;
  /** Packages (or repo folders) by bytes in the output, largest first. */
  packages: Contributor[];
  /** Packages broken down by their first two folders (e.g. zod/v4/locales), largest first. */
  areas: Contributor[];
  /** The largest package broken down by folder, to show what inside it dominates. */
  largestPackageAreas: Contributor[];
}

/**
 * The NodejsFunction props in BUNDLE, translated to the esbuild flags CDK passes for them. With `entry`,
 * also what that function installs beside its bundle (`nodeModulesFor`), external as CDK makes it: it
 * is not in the bundle, so neither its bytes nor its parsing count, as deployed.
 */
export function cdkEsbuildOptions(entry?: string): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourceMap,
    target: BUNDLE.target,
    format: BUNDLE.format,
    banner: { js: BUNDLE.banner },
    external: [...BUNDLE.externalModules, ...(entry ? nodeModulesFor(entry) : [])],
  };
}

/** `node_modules/@scope/pkg/...` -> `@scope/pkg`; repo files -> their top two folders. */
export function packageOf(path: string): string {
  const m = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1]!.replace('node_modules/', '');
  return path.split('/').slice(0, 2).join('/');
}

function areaOf(path: string, pkg: string): string {
  const rest = path.slice(path.lastIndexOf(`node_modules/${pkg}/`) + `node_modules/${pkg}/`.length);
  const dirs = rest.split('/').slice(0, -1).slice(0, 2);
  return [pkg, ...dirs].join('/');
}

function ranked(totals: Map<string, number>): Contributor[] {
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

function analyse(output: Metafile['outputs'][string]): Pick<BundleResult, 'packages' | 'areas' | 'largestPackageAreas'> {
  const byPackage = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    const pkg = packageOf(path);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + input.bytesInOutput);
    if (!path.includes('node_modules/')) continue;
    const area = areaOf(path, pkg);
    byArea.set(area, (byArea.get(area) ?? 0) + input.bytesInOutput);
  }
  const packages = ranked(byPackage);
  const areas = ranked(byArea);
  const top = packages[0]?.name ?? '';
  return { packages, areas, largestPackageAreas: areas.filter((a) => a.name === top || a.name.startsWith(`${top}/`)) };
}

export function lambdaEntries(): { kind: BundleResult['kind']; name: string; entry: string }[] {
  return [
    ...API_GROUPS.map((g) => ({ kind: 'api' as const, name: g, entry: apiEntry(g) })),
    ...WORKER_QUEUE_NAMES.map((q) => ({ kind: 'worker' as const, name: q, entry: workerEntry(q) })),
    // Work on a clock (issue 27's daily schedule) is bundled and measured as a worker is.
    ...SCHEDULE_NAMES.map((s) => ({ kind: 'worker' as const, name: s, entry: workerEntry(s) })),
  ];
}

export const ZOD_LOCALES = 'zod/v4/locales';
/** zod's English locale alone is about 3 kB; tens of kB means every language came along. */
export const ALL_LOCALES_BYTES = 20_000;
export const carriesAllZodLocales = (b: BundleResult): boolean =>
  (b.areas.find((a) => a.name === ZOD_LOCALES)?.bytes ?? 0) > ALL_LOCALES_BYTES;
const ZOD_NAMED_IMPORT = /import \{ z \} from 'zod';/g;

/**
 * What-if, never deployed: `import { z } from 'zod'` hands esbuild zod's whole namespace object, so it
 * keeps every locale; a namespace import lets it drop them. Rewriting the import while loading shows
 * what the change would save without touching the source.
 */
const zodNamespaceImports: Plugin = {
  name: 'zod-namespace-imports',
  setup(b) {
    b.onLoad({ filter: /\/(shared|functions)\/.*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(ZOD_NAMED_IMPORT, "import * as z from 'zod';"),
      loader: 'ts',
    }));
  },
};

export interface WhatIf {
  name: string;
  bytes: number;
  whatIfBytes: number;
}

/** Only for bundles that carry zod's locales; empty once the source no longer pulls them in. */
export async function zodWhatIf(bundles: BundleResult[]): Promise<WhatIf[]> {
  const affected = bundles.filter(carriesAllZodLocales);
  const results: WhatIf[] = [];
  for (const b of affected) {
    const out = await build({
      ...cdkEsbuildOptions(b.entry), absWorkingDir: REPO_ROOT, entryPoints: [b.entry], outfile: b.file, write: false,
      metafile: true, logLevel: 'error', plugins: [zodNamespaceImports],
    });
    results.push({ name: `${b.kind} ${b.name}`, bytes: b.bytes, whatIfBytes: Object.values(out.metafile.outputs)[0]!.bytes });
  }
  stop();
  return results;
}

/** Bundles sequentially: esbuild already uses both cores for one build, and order keeps logs readable. */
export async function bundleAll(outDir: string): Promise<BundleResult[]> {
  const results: BundleResult[] = [];
  for (const { kind, name, entry } of lambdaEntries()) {
    // .mjs, as CDK names ESM bundles (index.mjs), so Node loads it as a module without a package.json.
    const file = join(outDir, `${kind}-${name}.mjs`);
    const out = await build({
      ...cdkEsbuildOptions(entry),
      absWorkingDir: REPO_ROOT,
      entryPoints: [entry],
      outfile: file,
      metafile: true,
      logLevel: 'error',
    });
    const output = Object.values(out.metafile.outputs)[0]!;
    results.push({ kind, name, entry, file, bytes: output.bytes, ...analyse(output) });
  }
  // esbuild's JS API keeps a service process alive between builds; end it so the bench leaves nothing running.
  stop();
  return results;
}
