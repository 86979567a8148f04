/**
 * CloudFront Function (viewer request, site behaviour only): a path whose last segment has no file
 * extension is a client-side route. Routes of the tenant response portal (/respond, /respond/...) are
 * served /respond.html, the portal's own page (web/respond.html: no staff app code); every other route
 * is served /index.html. /assets/x.js, /respond.html and the like pass through.
 * Kept as plain ES5-style source because it runs in the CloudFront Functions runtime, not in Node.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = uri === '/respond' || uri.indexOf('/respond/') === 0 ? '/respond.html' : '/index.html';
  }
  return request;
}`;
