/**
 * What a refused DynamoDB write says, read the same way everywhere. A single write refused by its condition
 * throws ConditionalCheckFailedException; a transaction throws TransactionCanceledException carrying one
 * reason per action, in the order of its actions ('None', 'ConditionalCheckFailed', 'TransactionConflict':
 * another transaction on the same item at that moment, ...).
 */

/** A single write's condition was false. */
export const isConditionalCheckFailed = (err: unknown): boolean => err instanceof Error && err.name === 'ConditionalCheckFailedException';

/** A transaction was refused, for whatever reason. */
export const isTransactionCanceled = (err: unknown): boolean => err instanceof Error && err.name === 'TransactionCanceledException';

/** Each action's reason code of a refused transaction, in the order of its actions; null for any other error. */
export function cancellationReasons(err: unknown): (string | undefined)[] | null {
  if (!isTransactionCanceled(err)) return null;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
}

/** A condition refused the write: a single write's, or one of a transaction's actions'. */
export const isConditionFailure = (err: unknown): boolean =>
  isConditionalCheckFailed(err) || (cancellationReasons(err)?.includes('ConditionalCheckFailed') ?? false);

/** A transaction met another one on the same items at the same moment: it can be tried again. */
export const isTransactionConflict = (err: unknown): boolean => cancellationReasons(err)?.includes('TransactionConflict') ?? false;
