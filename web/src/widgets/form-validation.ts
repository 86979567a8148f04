/**
 * The forms' shared checks: a form validates its body with the server's own zod contract (shared/contracts),
 * so what the form accepts the server accepts (issue 24: Edit Facility took ZIP "6270" and the server
 * refused it); and a submit that finds problems takes the user to the first field marked invalid, which
 * in a tall dialog may be far from the button (docs/decisions.md "Forms check with the server's rules").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as z from 'zod';

/** The first message the schema gives each of `fields` (top-level keys of the body), none when it accepts the body. */
export function contractProblems<K extends string>(schema: z.ZodType, body: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const result = schema.safeParse(body);
  const problems: Partial<Record<K, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (fields as readonly string[]).includes(key) && problems[key as K] === undefined) problems[key as K] = issue.message;
  }
  return problems;
}

/**
 * Focuses the first control marked invalid inside `root` (Cloudscape marks a control of a FormField that
 * shows an error aria-invalid), in reading order, and scrolls it to the middle of its scrolling parent.
 */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}

/**
 * For a form: put `ref` on an element around its fields and call `reveal()` when a submit finds problems
 * (in the browser or from the server); once the errors are rendered, the first invalid field has focus.
 */
export function useRevealFirstInvalid<T extends HTMLElement = HTMLDivElement>(): { ref: React.RefObject<T | null>; reveal: () => void } {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(ref.current);
  }, [requests]);
  // Stable, so an effect that reveals on a new server error can name it in its dependencies.
  const reveal = useCallback(() => setRequests((n) => n + 1), []);
  return { ref, reveal };
}
