import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { CONTRACTS } from '../../shared/contracts';
import { HttpError } from '../../functions/runtime/http-error';
import { validate } from '../../functions/runtime/validate';

function failure(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected a validation error');
}

const contract = {
  summary: 't',
  params: z.object({ id: z.string().min(1) }),
  query: z.object({ page: z.coerce.number().int().optional() }),
  body: z.object({ real_name: z.string(), nested: z.object({ count: z.number() }).optional() }),
  response: z.unknown(),
};

describe('validate', () => {
  it('returns the parsed parts', () => {
    expect(validate(contract, { params: { id: 'x' }, query: { page: '2' }, body: { real_name: 'A' } })).toEqual({
      params: { id: 'x' }, query: { page: 2 }, body: { real_name: 'A' },
    });
  });

  it('parts without a schema come back undefined', () => {
    expect(validate({ summary: 's', response: z.unknown() }, { params: { a: 1 }, query: {}, body: { b: 2 } }))
      .toEqual({ params: undefined, query: undefined, body: undefined });
  });

  it('answers 422 naming the field, with every problem listed', () => {
    const err = failure(() => validate(contract, { params: { id: 'x' }, query: {}, body: { real_name: 5, nested: { count: 'x' } } }));
    expect(err.status).toBe(422);
    expect(err.extra.field).toBe('real_name');
    expect(err.message.toLowerCase()).toContain('real_name');
    expect(err.extra.details).toEqual([
      { field: 'real_name', message: expect.stringContaining('real_name') },
      { field: 'nested.count', message: expect.stringContaining('nested.count') },
    ]);
  });

  it("keeps the contract's own message when it already names the field", () => {
    const login = CONTRACTS['POST /api/login'];
    const err = failure(() => validate(login, { params: {}, query: {}, body: { password: 'x' } }));
    expect(err.message).toBe('username is required.');
    expect(err.extra.field).toBe('username');
    const pw = failure(() => validate(CONTRACTS['POST /api/change-password'], { params: {}, query: {}, body: { password: '  abc  ' } }));
    expect(pw.message).toBe('Password must be at least 6 characters.');
    expect(pw.extra.field).toBe('password');
  });

  it('checks params before query before body', () => {
    const err = failure(() => validate(contract, { params: { id: '' }, query: { page: 'x' }, body: {} }));
    expect(err.extra.field).toBe('id');
  });

  it('a body that is not an object has no field name', () => {
    const err = failure(() => validate(contract, { params: { id: 'x' }, query: {}, body: 'text' }));
    expect(err.status).toBe(422);
    expect(err.extra.field).toBeUndefined();
  });

  it('user contracts name their fields', () => {
    const create = CONTRACTS['POST /api/users'];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'secret1', email: 'a@b.co' }, 'username', 'username is required.'],
      [{ username: 'bad name', password: 'secret1', email: 'a@b.co' }, 'username', 'username may use letters, digits and . _ @ - only.'],
      [{ username: 'ok', password: ' 12345 ', email: 'a@b.co' }, 'password', 'Password must be at least 6 characters.'],
      [{ username: 'ok', password: 'secret1', email: 'not-an-email' }, 'email', 'email must be a valid email address.'],
      [{ username: 'ok', password: 'secret1' }, 'email', 'email is required.'],
      [{ username: 'ok', password: 'secret1', email: 'a@b.co', is_admin: 'perhaps' }, 'is_admin', 'is_admin'],
    ];
    for (const [body, field, message] of cases) {
      const err = failure(() => validate(create, { params: {}, query: {}, body }));
      expect(err.extra.field, JSON.stringify(body)).toBe(field);
      expect(err.message, JSON.stringify(body)).toContain(message);
    }
  });
});
