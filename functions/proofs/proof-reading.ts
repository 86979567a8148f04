/**
 * Reading a submitted proof (issue 27, docs/decisions.md "Reading proofs"): the proof-reading queue's
 * worker. S3 tells the queue when the portal keeps a proof's checked copy (the uploads bucket's event
 * notification for CHECKED_PROOFS_PREFIX, infra/data-stack.ts), so the reading is off the portal's path
 * and the portal's code does not change: the worker reads the page (reader/read-declarations.ts),
 * compares it with what the tenant typed, the tenant, the program's minimum and the other tenants'
 * proofs (proof-flags.ts, proof-twins.ts), and stores what it found on the proof for Proof Review.
 *
 * S3 announces the copy before the portal's transaction records the proof (proof-file.ts keeps the copy
 * first), so the worker waits a few seconds for the proof; one still not on record is asked for again by
 * SQS (the message returns after its visibility timeout); a copy whose transaction was refused is
 * deleted by the portal, and its message is dropped.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { coverageStartDate } from '../../shared/coverage-start';
import { calendarDateIn } from '../../shared/format';
import type { ProofReadingView } from '../../shared/proof-reading';
import { CHECKED_PROOFS_PREFIX } from '../../shared/resources';
import { dynamo, s3Client, s3Commands } from '../aws/clients';
import { bucketName, tableName } from '../aws/config';
import { readProgramSettings } from '../program/program-settings';
import { logger } from '../runtime/logger';
import { letterPromiseOfCycle } from '../tenants/coverage-start';
import { proofFlags } from './proof-flags';
import { proofKey } from './proof-record';
import type { ProofRecord } from './proof-record';
import { getProof } from './proof-review-store';
import { recordTwinKeys, standingTwins } from './proof-twins';
import { readDeclarations } from './reader/read-declarations';
import { eachRecord } from '../runtime/sqs-batch';
import { isConditionalCheckFailed } from '../aws/dynamo-errors';
import { isMissingObject } from '../aws/s3-errors';

/** The proof id of a checked copy's key (proofs/checked/{tenant}/{proof}), or null for any other key. */
export function proofIdOfKey(key: string): string | null {
  if (!key.startsWith(CHECKED_PROOFS_PREFIX)) return null;
  const parts = key.slice(CHECKED_PROOFS_PREFIX.length).split('/');
  return parts.length === 2 && parts[1] ? parts[1] : null;
}

/**
 * The keys an S3 event notification names (URL-encoded, spaces as '+'). S3's test message on setting the
 * notification up, and anything else, names none.
 */
export function keysOfS3Event(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const records = (parsed as { Records?: unknown }).Records;
  if (!Array.isArray(records)) return [];
  return records.flatMap((r: { eventName?: unknown; s3?: { object?: { key?: unknown } } }) => {
    const key = r.s3?.object?.key;
    return typeof key === 'string' && String(r.eventName ?? '').startsWith('ObjectCreated') ? [decodeURIComponent(key.replace(/\+/g, ' '))] : [];
  });
}

async function proofBytes(key: string): Promise<Uint8Array | null> {
  const { GetObjectCommand } = await s3Commands();
  try {
    const out = await (await s3Client()).send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  } catch (err) {
    if (isMissingObject(err)) return null;
    throw err;
  }
}

const minimumLimitOf = (setting: string): number | null => (setting.trim() === '' ? null : Number(setting));

/** What Proof Review shows of a proof: the page's facts and the flags, as of now. */
export async function readProof(proof: ProofRecord, bytes: Uint8Array): Promise<ProofReadingView> {
  const [reading, program, promise] = await Promise.all([
    readDeclarations(bytes, proof.content_type), readProgramSettings(), letterPromiseOfCycle(proof.cycle_id),
  ]);
  const uploadDay = calendarDateIn(program.settings.time_zone || 'UTC', new Date(proof.submitted_at));
  const keys = { policyNumber: reading.facts.policy_number?.value ?? null, sha256: proof.sha256 };
  await recordTwinKeys(proof, keys);
  const twins = await standingTwins(proof, keys);
  const flags = proofFlags({
    facts: reading.facts, pdfEdited: reading.pdf_edited, tenant: proof,
    typed: { insurer: proof.insurer, policy_expiry_date: proof.policy_expiry_date },
    uploadDay, coverageStart: coverageStartDate(promise, uploadDay),
    minimumLimit: minimumLimitOf(program.settings.minimum_off_premises_limit), ...twins,
  });
  const found = Object.values(reading.facts).some((f) => f !== null);
  return {
    status: found ? 'read' : 'unreadable',
    read_at: new Date().toISOString(), source: reading.source, pages: reading.pages,
    facts: reading.facts, flags, notes: reading.notes,
  };
}

/** How long the worker waits for the portal's transaction that follows the copy (normally milliseconds). */
const RECORD_WAIT_MS = 5_000;
const RECORD_POLL_MS = 250;

/**
 * The proof, waiting a few seconds for the portal's transaction when the notice came first: handing the
 * message back to SQS would delay the reading by the whole visibility timeout (minutes).
 */
async function proofOnRecord(proofId: string): Promise<ProofRecord | null> {
  const until = Date.now() + RECORD_WAIT_MS;
  for (;;) {
    const proof = await getProof(proofId);
    if (proof || Date.now() >= until) return proof;
    await new Promise((resolve) => setTimeout(resolve, RECORD_POLL_MS));
  }
}

/** Reads the proof of one checked copy and stores the reading; true when done (or nothing is to be done). */
async function readCheckedCopy(key: string): Promise<boolean> {
  const proofId = proofIdOfKey(key);
  if (!proofId) return true;
  const bytes = await proofBytes(key);
  // Deleted: the portal's transaction was refused (proof-file.ts), so no proof names it.
  if (!bytes) return true;
  const proof = await proofOnRecord(proofId);
  if (!proof) {
    logger.info('proof not on record yet; SQS brings it back', { proofId });
    return false;
  }
  if (proof.reading) return true;
  const started = Date.now();
  const reading = await readProof(proof, bytes);
  await storeReading(proof.id, reading);
  logger.info('proof read', { proofId, source: reading.source, flags: reading.flags.map((f) => f.code), millis: Date.now() - started });
  return true;
}

/** Stores the reading once: a second delivery of the same event finds it there and leaves it. */
async function storeReading(proofId: string, reading: ProofReadingView): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: proofKey(proofId),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reading)',
      UpdateExpression: 'SET reading = :reading',
      ExpressionAttributeValues: { ':reading': reading },
    }));
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

async function processRecord(record: SQSRecord): Promise<boolean> {
  let done = true;
  for (const key of keysOfS3Event(record.body)) {
    try {
      if (!(await readCheckedCopy(key))) done = false;
    } catch (err) {
      logger.error('proof not read; SQS will retry it', { messageId: record.messageId, key, error: err as Error });
      done = false;
    }
  }
  return done;
}

export const handleProofReading = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, processRecord);
