/**
 * The spec sends forms (urlencoded or multipart), so every scalar may arrive as a string. These schemas
 * accept the JSON type and the form spelling of the same value.
 */
import * as z from 'zod';

export const formBoolean = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no', ''].includes(s)) return false;
  return v;
}, z.boolean());

export const formInt = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int());

/** Text that is trimmed; an empty string counts as missing when required. */
export const requiredText = (label: string, max = 200) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

export const optionalText = (max = 200) => z.string().trim().max(max).optional();

/** A list's `sort`: one of its columns, a leading '-' for descending; blank means the list's own order. */
export const sortParam = (columns: readonly string[]) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().refine((s) => {
    const col = s.startsWith('-') ? s.slice(1) : s;
    return columns.includes(col);
  }, `sort must be one of ${columns.join(', ')} (a leading '-' sorts descending).`).optional());

export const pageQuery = z.object({
  page: formInt.pipe(z.number().min(1, 'page must be 1 or more.')).optional(),
  per_page: formInt.pipe(z.number().min(1).max(100, 'per_page must be at most 100.')).optional(),
});

export interface Pagination {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}
