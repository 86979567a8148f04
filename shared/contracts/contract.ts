import * as z from 'zod';

/** What a route accepts and answers; each domain's contract map is made of these. */
export interface RouteContract {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** The pagination every table of the spec reads. */
export const pagination = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
});

/**
 * A list paged by cursor (tenants, Import History, removed tenants, archives): `exact` says whether
 * `total` counts every row or only those known so far, and `next_cursor` where the next page starts.
 */
export const cursorPagination = pagination.extend({ exact: z.boolean(), next_cursor: z.string().nullable() });

/** The page envelope every table of the spec reads (data, pagination). */
export const paginated = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), pagination });

export const ok = z.object({ success: z.literal(true) });
