/**
 * Waits for every one of these to finish, then throws the first failure, if any. A request runs its side
 * work this way rather than with Promise.all: a Lambda freezes whatever still runs once it answers, so a
 * write left running after another one failed could land in some later invocation, or never.
 */
export async function allToTheEnd(work: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  const outcomes = await Promise.allSettled(work);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}
