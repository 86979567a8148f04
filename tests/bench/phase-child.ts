/**
 * One bench phase in a process of its own (tests/bench/in-child.ts says why).
 * argv: the phase, its options as JSON, then the file to write the result to.
 */
import { writeFileSync } from 'node:fs';

type Measure = (options: never, log: (line: string) => void) => Promise<unknown>;

const PHASES = {
  scale: async (): Promise<Measure> => (await import('./scale')).measureScale,
  imports: async (): Promise<Measure> => (await import('./imports')).measureImports,
  tenants: async (): Promise<Measure> => (await import('./tenants')).measureTenants,
  letters: async (): Promise<Measure> => (await import('./letters')).measureLetters,
  policy: async (): Promise<Measure> => (await import('./policy')).measurePolicy,
  archives: async (): Promise<Measure> => (await import('./archives')).measureArchives,
  proofs: async (): Promise<Measure> => (await import('./proofs')).measureProofs,
};

export type BenchPhase = keyof typeof PHASES;

const [phase, options, out] = process.argv.slice(2) as [BenchPhase, string, string];
const measure = await PHASES[phase]();
const result = await measure(JSON.parse(options) as never, (line) => console.log(line));
writeFileSync(out, JSON.stringify(result));
process.exit(0);
