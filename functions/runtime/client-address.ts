/**
 * The client's address, for the portal's per-address sign-in limit and the logs. Behind CloudFront,
 * API Gateway's sourceIp is the edge's own address, so the viewer's comes from CloudFront-Viewer-Address
 * (docs/decisions.md "Tenant response portal: guessing", "The local program as the deployed one").
 */
import { isIP } from 'node:net';
import type { APIGatewayProxyEvent } from 'aws-lambda';

/** The longest 'address:port' CloudFront writes: a full IPv6 address (45 characters) and a port. */
const VIEWER_ADDRESS_MAX_CHARS = 64;

/**
 * The address in a CloudFront-Viewer-Address value: 'ip:port' ('203.0.113.7:46532'), IPv6 unbracketed as
 * CloudFront writes it ('2001:db8::1:46532') or bracketed. Anything else is null: the value becomes a
 * DynamoDB key, and an over-long one would fail the write (a 500) while a made-up one names no client.
 */
export function viewerAddressOf(header: string): string | null {
  const value = header.trim();
  if (value.length > VIEWER_ADDRESS_MAX_CHARS) return null;
  const colon = value.lastIndexOf(':');
  const port = Number(value.slice(colon + 1));
  if (colon < 0 || !/^\d{1,5}$/.test(value.slice(colon + 1)) || port > 65_535) return null;
  const address = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  // isIP takes a zone ('fe80::1%eth0'), which is the viewer's own interface name, not an address.
  return isIP(address) && !address.includes('%') ? address : null;
}

export function clientAddress(event: APIGatewayProxyEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  return (viewer && viewerAddressOf(viewer)) || (event.requestContext?.identity?.sourceIp ?? '');
}
