/** The login's way back (shared/return-path.ts): only a path of this site, never another host. */
import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor, returnPathOf } from '../../shared/return-path';

describe('returnPathOf', () => {
  it.each([
    ['/tenant-list?facility_number=1013', '/tenant-list?facility_number=1013'],
    ['/letter-batches', '/letter-batches'],
    ['/cycle-audit/42', '/cycle-audit/42'],
    ['/', '/'],
  ])('takes back the path of this site %s', (raw, path) => {
    expect(returnPathOf(raw)).toBe(path);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    'tenant-list',
    '',
    null,
    '/login?next=/x',
    '/logout',
  ])('refuses %j', (raw) => {
    expect(returnPathOf(raw)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('keeps the page and its query', () => {
    expect(loginPathFor({ pathname: '/tenant-list', search: '?facility_number=1013' })).toBe('/login?next=%2Ftenant-list%3Ffacility_number%3D1013');
  });
  it('needs no return for home, the login page or logout', () => {
    for (const pathname of ['/', '/login', '/logout']) expect(loginPathFor({ pathname, search: '' })).toBe('/login');
  });
});

describe('afterLoginPath', () => {
  it('goes where next says, or home', () => {
    expect(afterLoginPath('?next=%2Ftenant-list%3Ffacility_number%3D1013')).toBe('/tenant-list?facility_number=1013');
    expect(afterLoginPath('')).toBe('/');
    expect(afterLoginPath('?next=%2F%2Fevil.example')).toBe('/');
    expect(afterLoginPath('?next=https%3A%2F%2Fevil.example')).toBe('/');
  });
});
