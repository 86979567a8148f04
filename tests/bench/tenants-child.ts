/**
 * The tenant phase in a process of its own (tests/bench/tenants.ts measureTenantsInChild), for the same
 * reason as scale-child.ts: the AWS clients of functions/aws/clients.ts keep the endpoints of the first
 * emulators they saw, and the handlers and catalog caches start cold.
 * argv: options as JSON, then the file to write the result to.
 */
import { writeFileSync } from 'node:fs';
import { measureTenants } from './tenants';
import type { TenantBenchOptions } from './tenants';

const [options, out] = process.argv.slice(2);
const result = await measureTenants(JSON.parse(options!) as TenantBenchOptions, (line) => console.log(line));
writeFileSync(out!, JSON.stringify(result));
process.exit(0);
