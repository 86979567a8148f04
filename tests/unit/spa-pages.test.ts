/** The local runtime serves each client-side path the page CloudFront serves it: the portal's or the staff app's. */
import { describe, expect, it } from 'vitest';
import { spaPageOf } from '../../localstack/runtime/http-server';

describe('spaPageOf', () => {
  it.each([
    ['/respond', '/respond.html'],
    ['/respond/', '/respond.html'],
    ['/respond/anything/deeper', '/respond.html'],
    ['/', '/index.html'],
    ['/tenant-list', '/index.html'],
    ['/responders', '/index.html'],
    ['/manage-cycles/42', '/index.html'],
    ['/assets/respond-abc123.js', null],
    ['/respond.html', null],
    ['/logo.svg', null],
  ])('serves %s as %s', (path, page) => {
    expect(spaPageOf(path)).toBe(page);
  });
});
