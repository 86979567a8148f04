/**
 * What S3 says of a key that holds nothing, read the same way for every bucket (uploads, exports, the
 * archive): HeadObject answers 404 NotFound with no body, GetObject NoSuchKey; an emulator may give either
 * by status alone.
 */
export function isMissingObject(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey';
}
