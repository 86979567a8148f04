/**
 * Installs what the local AWS needs, ahead of its first use (.ci/run): LocalStack's pinned virtual
 * environment (`.venv-localstack`) and DynamoDB Local where LocalStack looks for it (`.localstack/lib`).
 * `npm start` and the test setups make the same installs on first use; this keeps that time out of the
 * first test's timeout. Each install reports its progress; one that fails prints what failed and what
 * to do, and exits 1.
 *   npx tsx localstack/install.ts
 */
import { LocalStackError, ensureDynamoDbLocalForLocalStack, ensureLocalStackInstalled, localStackInstalled } from './localstack-aws';

try {
  if (localStackInstalled()) console.log('LocalStack: installed (.venv-localstack matches localstack/localstack-requirements.txt).');
  else await ensureLocalStackInstalled();
  ensureDynamoDbLocalForLocalStack();
  console.log('DynamoDB Local for LocalStack: installed (.localstack/lib/dynamodb-local/2).');
} catch (err) {
  if (!(err instanceof LocalStackError)) throw err;
  console.error(`Install failed: ${err.message}`);
  process.exit(1);
}
