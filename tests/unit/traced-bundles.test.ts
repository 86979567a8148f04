/**
 * Tracing by construction (docs/decisions.md "Tracing"): Powertools Tracer is external to every bundle
 * and installed beside exactly the functions whose code reaches functions/external/http.ts (the one way
 * the program calls SiteLink, StorEdge or the CRM), so a function that starts calling out is not left
 * untraced because nobody listed it in infra/bundling.ts. esbuild follows the program's own imports
 * (packages left external, so it takes a second or two).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLE, nodeModulesFor } from '../../infra/bundling';
import { lambdaEntries } from '../bench/bundles';

const TRACER = '@aws-lambda-powertools/tracer';
const CALLER = 'functions/external/http.ts';

describe('the tracer beside the functions that call outside systems', () => {
  it('is in no bundle, and installed beside exactly the functions whose code calls out', async () => {
    expect(BUNDLE.externalModules).toContain(TRACER);
    const entries = lambdaEntries();
    const reached = await Promise.all(entries.map(async ({ entry }) => {
      const result = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
      return Object.keys(result.metafile.inputs).includes(CALLER);
    }));
    const callers = entries.filter((_, i) => reached[i]).map((e) => e.entry);
    expect(callers.length).toBeGreaterThan(0);
    expect(entries.filter((e) => nodeModulesFor(e.entry).includes(TRACER)).map((e) => e.entry)).toEqual(callers);
  });
});
