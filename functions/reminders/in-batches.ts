/**
 * The daily schedule's pace: a few tenants at a time, so a day of a few thousand reminders finishes in
 * minutes without outrunning SES's sending rate (an account's default is 14 a second) or the table.
 */
export const AT_ONCE = 4;

/** Runs `work` on every item, at most AT_ONCE at a time; a failure of one is the worker's to record (work does not throw). */
export async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>, atOnce = AT_ONCE): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}
