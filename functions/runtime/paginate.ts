import type { Pagination } from '../../shared/contracts/form';

/** Pages an in-memory list the way every table of the spec expects (current_page, last_page, from, to, total). */
export function paginate<T>(all: readonly T[], page: number, perPage: number): { rows: T[]; pagination: Pagination } {
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const start = (page - 1) * perPage;
  const rows = all.slice(start, start + perPage);
  return {
    rows,
    pagination: {
      current_page: page, last_page: lastPage, per_page: perPage, total,
      from: rows.length ? start + 1 : null, to: rows.length ? start + rows.length : null,
    },
  };
}
