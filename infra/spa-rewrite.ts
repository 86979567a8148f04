/**
 * CloudFront Function (viewer request, site behaviour only): a path whose last segment has no file
 * extension is a client-side route, so it is served /index.html; /assets/x.js and the like pass through.
 * Kept as plain ES5-style source because it runs in the CloudFront Functions runtime, not in Node.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
