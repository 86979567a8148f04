/**
 * `npm run access-codes:migrate` gives every tenant stored before the program gave its own access codes
 * (an imported gate code, or none) a new one, claimed (functions/tenants/access-code-migration.ts). Run
 * once after the release that stopped importing gate codes; running it again changes nothing, or
 * finishes a run that stopped. `-- --from <cursor>` resumes at the cursor a run printed after a page.
 *
 * Against npm start's stack by default. Against AWS: set AWS_ENDPOINT_URL to nothing, with AWS_REGION,
 * the usual credentials and APP_TABLE_NAME of the deployment (README: Operations). Each change is in
 * the tenant's history as done by `ops` (or ACCESS_CODES_MIGRATED_BY).
 */
import { parseArgs } from 'node:util';
import { useOpsTarget } from './ops-target';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
await useOpsTarget();

const { migrateAccessCodes } = await import('../functions/tenants/access-code-migration');
const { HttpError } = await import('../functions/runtime/http-error');
const by = process.env.ACCESS_CODES_MIGRATED_BY?.trim() || 'ops';
console.log(`Giving every tenant without an access code of the program's own a new one${values.from ? ', from the cursor given' : ''}...`);
try {
  const result = await migrateAccessCodes({ user_id: by, username: by }, {
    from: values.from,
    onPage: (t) => console.log(`  ${t.scanned} tenants read: ${t.migrated} given a code, ${t.kept} had one, ${t.skipped.length} skipped${t.cursor ? `; resume with --from ${t.cursor}` : ''}`),
  });
  for (const s of result.skipped) console.log(`  skipped tenant ${s.id}: ${s.reason}`);
  console.log(`Done: ${result.scanned} tenants read, ${result.migrated} given a new access code, ${result.kept} had their own already, ${result.skipped.length} skipped${result.skipped.length ? ' (run again later)' : ''}.`);
  if (result.skipped.length) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  console.error(err.message);
  process.exit(1);
}
