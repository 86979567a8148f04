/**
 * `npm run tenant-names:migrate` writes the name search keys of issue 24 (functions/tenants/name-key-migration.ts)
 * on every tenant stored before them, so the program-wide name search finds them in either order. Run
 * once after the release that added the `tname2` index (once the index is active); running it again
 * changes nothing, or finishes a run that stopped. `-- --from <cursor>` resumes at the cursor a run
 * printed after a page. npm start runs it by itself on a table kept from before.
 *
 * Against npm start's stack by default. Against AWS: set AWS_ENDPOINT_URL to nothing, with AWS_REGION,
 * the usual credentials and APP_TABLE_NAME of the deployment (README: Operations).
 */
import { parseArgs } from 'node:util';
import { useOpsTarget } from './ops-target';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
await useOpsTarget();

const { migrateNameKeys } = await import('../functions/tenants/name-key-migration');
const { HttpError } = await import('../functions/runtime/http-error');
console.log(`Writing the name search keys of every tenant stored before them${values.from ? ', from the cursor given' : ''}...`);
try {
  const result = await migrateNameKeys({
    from: values.from,
    onPage: (t) => console.log(`  ${t.scanned} tenants read: ${t.updated} given their keys, ${t.changedMeanwhile} saved meanwhile${t.cursor ? `; resume with --from ${t.cursor}` : ''}`),
  });
  console.log(`Done: ${result.scanned} tenants read, ${result.updated} given the new name keys, ${result.changedMeanwhile} saved by someone else meanwhile (their keys written by that save).`);
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  console.error(err.message);
  process.exit(1);
}
