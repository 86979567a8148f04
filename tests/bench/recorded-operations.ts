/** What the bench's DynamoDB recorders (scale.ts, tenants.ts) make of the commands each request sent. */

interface Operation { name: string; start: number; end: number }

/** The commands per request ('Query ×3'); one that not every request sends (authentication's once-a-minute activity write) is counted, not averaged. */
export function operationsOf(perRequest: readonly (readonly Pick<Operation, 'name'>[])[]): string {
  const counts = new Map<string, number>();
  for (const request of perRequest) for (const op of request) counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
  const n = Math.max(1, perRequest.length);
  // More than one per request but not the same in each: the total, not "in 583 of 40 requests" (a request count it is not).
  const uneven = (name: string, c: number) => (c < n ? `${name} in ${c} of ${n} requests` : `${name} ${c} in ${n} requests`);
  return [...counts].map(([name, c]) => (c % n === 0 ? `${name} ×${c / n}` : uneven(name, c))).join(', ');
}

/** How long at least one of the calls was in flight (overlapping calls count once). */
export function busyMs(ops: readonly Operation[]): number {
  let total = 0;
  let until = -Infinity;
  for (const op of [...ops].sort((a, b) => a.start - b.start)) {
    if (op.end <= until) continue;
    total += op.end - Math.max(op.start, until);
    until = op.end;
  }
  return total;
}

/** The read commands, whose items and read units the recorders count. */
export const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

/** The items a read command read (Query and Scan: ScannedCount, what DynamoDB read before any filter). */
export function itemsOf(name: string, output: Record<string, unknown> | undefined): number {
  if (!output) return 0;
  if (name === 'Query' || name === 'Scan') return Number(output.ScannedCount ?? (output.Items as unknown[] | undefined)?.length ?? 0);
  if (name === 'GetItem') return output.Item ? 1 : 0;
  if (name === 'BatchGetItem') return Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, list) => n + list.length, 0);
  if (name === 'TransactGetItems') return ((output.Responses ?? []) as { Item?: unknown }[]).filter((r) => r.Item).length;
  return 0;
}

/**
 * The request's DynamoDB commands as the waits it made, in order: commands in flight together form one
 * step ('GetItem+GetItem 12'), a step starting after the one before has ended is the next ('→'). So the
 * text shows how many round trips a call waits for one after another, and what each cost (ms).
 */
export function pathOf(ops: readonly Operation[]): string {
  const steps: { names: string[]; start: number; end: number }[] = [];
  for (const op of [...ops].sort((a, b) => a.start - b.start)) {
    const last = steps.at(-1);
    if (last && op.start < last.end) {
      last.names.push(op.name);
      last.end = Math.max(last.end, op.end);
    } else steps.push({ names: [op.name], start: op.start, end: op.end });
  }
  return steps.map((s) => `${s.names.join('+')} ${Math.round(s.end - s.start)}`).join(' → ');
}

/** The path of the request whose time is the median of `samples` (samples[i] is the time of perRequest[i]). */
export function medianPath(samples: readonly number[], perRequest: readonly (readonly Operation[])[]): string {
  if (samples.length === 0 || samples.length !== perRequest.length) return '';
  const order = samples.map((ms, i) => ({ ms, i })).sort((a, b) => a.ms - b.ms);
  const median = order[Math.floor((order.length - 1) / 2)]!;
  return `${Math.round(median.ms)} ms: ${pathOf(perRequest[median.i]!)}`;
}
