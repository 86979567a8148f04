/**
 * The scale phase in a process of its own (tests/bench/scale.ts measureScaleInChild): the AWS clients
 * of functions/aws/clients.ts are created once per process with the endpoints of the first emulators,
 * so second private emulators need a fresh process; its catalog cache and handlers start cold too.
 * argv: options as JSON, then the file to write the result to.
 */
import { writeFileSync } from 'node:fs';
import { measureScale } from './scale';
import type { ScaleBenchOptions } from './scale';

const [options, out] = process.argv.slice(2);
const result = await measureScale(JSON.parse(options!) as ScaleBenchOptions, (line) => console.log(line));
writeFileSync(out!, JSON.stringify(result));
process.exit(0);
