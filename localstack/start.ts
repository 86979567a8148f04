/**
 * `npm start`: the whole program on this machine with demo data, at http://127.0.0.1:3000 (PORT overrides).
 * Run it again at any time: it reuses the running LocalStack and resets the demo logins. LocalStack
 * listens on 4566 and its DynamoDB Local on 4567; EMULATOR_PORT and DYNAMODB_LOCAL_PORT change them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb } from './build-web';
import { REPO_ROOT } from './emulator';
import { DEMO_PASSWORD, DEMO_USERS } from './seed';
import { writeDemoRentRolls } from './samples/rent-rolls';
import { startProgram } from './runtime/program';
import { migrateNameKeys, nameKeysMigrated } from '../functions/tenants/name-key-migration';

/** Newest modification time below a folder, to rebuild the web app only when its sources changed. */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildWebIfStale(): void {
  // Both pages: a folder built before the portal had its own page lacks respond.html.
  const built = ['index.html', 'respond.html'].map((page) => join(REPO_ROOT, 'web', 'dist', page));
  const builtAt = Math.min(...built.map((page) => (existsSync(page) ? statSync(page).mtimeMs : 0)));
  const sourcesAt = Math.max(newestMtime(join(REPO_ROOT, 'web')), newestMtime(join(REPO_ROOT, 'shared')));
  if (builtAt > sourcesAt) return;
  console.log('Building the web app...');
  buildWeb();
}

async function main(): Promise<void> {
  buildWebIfStale();
  const port = Number(process.env.PORT ?? 3000);
  // DynamoDB Local on disk: `npm run seed:scale` may grow the program past what a heap holds.
  const program = await startProgram({ port, emulatorPorts: 'fixed', dynamodbOnDisk: true, prefix: 'alp-local', seed: true, dailySchedule: true });
  // A table kept from before the search keys (issue 24: names, e-mail): its tenants get them once (a table the
  // local deploy just made is marked as needing none: localstack/data-stack.ts).
  if (!(await nameKeysMigrated())) {
    console.log('Writing the search keys (names, e-mail) of the tenants stored before them...');
    const names = await migrateNameKeys();
    console.log(`  ${names.updated} of ${names.scanned} tenants given their keys.`);
  }
  console.log(`\nAudit Letter Program is running at ${program.url}`);
  if (program.endpoints.aws === program.endpoints.dynamodb) {
    console.log(`AWS: ${program.endpoints.aws} (S3, SQS, DynamoDB, SES, Secrets Manager, SNS, CloudWatch, CloudFormation; the data stack is alp-local-data)`);
  } else {
    console.log(`AWS emulators: ${program.endpoints.aws} (S3, SQS, SES, Secrets Manager), ${program.endpoints.dynamodb} (DynamoDB)`);
  }
  console.log(`Demo logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  // Rent rolls of every software for demo facilities, to try Upload Tenants (or a cycle's Import Tenants) with.
  const samples = await writeDemoRentRolls(join(REPO_ROOT, '.local', 'samples'));
  console.log('Rent rolls to try on Upload Tenants:');
  for (const s of samples) console.log(`  ${s.software.padEnd(12)} facility ${s.facility_number}: ${Object.values(s.files).join(', ')}`);
  console.log('Press Ctrl+C to stop.\n');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await program.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(`\nCould not start the Audit Letter Program: ${err.message}`);
  process.exit(1);
});
