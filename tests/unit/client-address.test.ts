/**
 * The client address the portal's per-address sign-in limit counts: CloudFront-Viewer-Address as
 * CloudFront writes it ('ip:port', IPv6 unbracketed), else API Gateway's sourceIp. A value that is not
 * an address and a port (over-long, garbage) is never a key: the request falls back to sourceIp.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress, viewerAddressOf } from '../../functions/runtime/client-address';
import { viewerAddressHeader } from '../../localstack/runtime/http-server';

const event = (viewer: string | undefined, sourceIp = '198.51.100.9') => ({
  headers: viewer === undefined ? {} : { 'cloudfront-viewer-address': viewer },
  requestContext: { identity: { sourceIp } },
}) as unknown as APIGatewayProxyEvent;

describe('viewerAddressOf', () => {
  it.each([
    ['203.0.113.7:46532', '203.0.113.7'],
    [' 203.0.113.7:443 ', '203.0.113.7'],
    // CloudFront writes IPv6 without brackets; the port is after the last colon.
    ['2001:db8::1:46532', '2001:db8::1'],
    ['2001:db8:85a3::8a2e:370:7334:443', '2001:db8:85a3::8a2e:370:7334'],
    ['[2001:db8::1]:443', '2001:db8::1'],
  ])('reads %s as %s', (header, address) => {
    expect(viewerAddressOf(header)).toBe(address);
  });

  it.each([
    ['an over-long value', `${'1'.repeat(3000)}:443`],
    ['no port', '203.0.113.7'],
    ['not an address', 'attacker:443'],
    ['a port out of range', '203.0.113.7:99999'],
    ['an address with a zone', 'fe80::1%eth0:443'],
    ['empty', ''],
  ])('takes %s as no address', (_what, header) => {
    expect(viewerAddressOf(header)).toBeNull();
  });
});

describe('clientAddress', () => {
  it('is the viewer address when CloudFront sent one, else sourceIp', () => {
    expect(clientAddress(event('203.0.113.7:46532'))).toBe('203.0.113.7');
    expect(clientAddress(event(undefined))).toBe('198.51.100.9');
  });

  it('falls back to sourceIp for a header that is not an address, so no made-up value becomes a limit key', () => {
    expect(clientAddress(event('x'.repeat(3000)))).toBe('198.51.100.9');
    expect(clientAddress(event('203.0.113.7'))).toBe('198.51.100.9');
  });
});

describe('the local front door\'s CloudFront-Viewer-Address', () => {
  it.each([
    [{ remoteAddress: '127.0.0.5', remotePort: 51234 }, '127.0.0.5:51234', '127.0.0.5'],
    // An IPv4 client of a dual-stack socket is written as CloudFront writes an IPv4 viewer.
    [{ remoteAddress: '::ffff:127.0.0.5', remotePort: 443 }, '127.0.0.5:443', '127.0.0.5'],
    [{ remoteAddress: '::1', remotePort: 443 }, '::1:443', '::1'],
  ])('writes %o as %s, which the handlers read as %s', (socket, header, address) => {
    expect(viewerAddressHeader(socket)).toBe(header);
    expect(viewerAddressOf(viewerAddressHeader(socket))).toBe(address);
  });
});
