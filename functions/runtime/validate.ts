import type * as z from 'zod';
import type { RouteContract } from '../../shared/contracts';
import { HttpError } from './http-error';

type Part = 'params' | 'query' | 'body';

/** Validates each part against the contract; the first problem names its field (422). */
export function validate(contract: RouteContract, raw: Record<Part, unknown>): Record<Part, unknown> {
  const out: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = contract[part];
    if (!schema) continue;
    const result = schema.safeParse(raw[part]);
    if (!result.success) throw validationError(result.error);
    out[part] = result.data;
  }
  return out;
}

function validationError(error: z.ZodError): HttpError {
  const details = error.issues.map((issue) => ({ field: issue.path.join('.'), message: messageOf(issue) }));
  const first = details[0]!;
  return new HttpError(422, first.message, { field: first.field || undefined, details });
}

/** Our own messages already name the field; zod's generic ones get it put in front. */
function messageOf(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (!field || issue.message.toLowerCase().includes(field.toLowerCase().replace(/_/g, ' ')) || issue.message.toLowerCase().includes(field.toLowerCase())) {
    return issue.message;
  }
  return `${field}: ${issue.message}`;
}
