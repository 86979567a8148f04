/**
 * The site's security headers, defined once: CloudFront's response headers policy sends them deployed
 * (infra/web-stack.ts) and the local front door sends the same on every answer (localstack/runtime/
 * http-server.ts), so the end-to-end tests run under the policy users get. Only the origins differ
 * (docs/decisions.md "The local program as the deployed one").
 */

/** The places outside the site the pages reach. */
export interface SiteOrigins {
  /** Where the browser POSTs files with presigned POSTs (staff rent rolls, tenants' proofs): the uploads bucket deployed, the emulator locally. */
  uploads: string;
}

/** The program's video showcase, hosted outside this app and framed by the Help Videos page. */
export const HELP_VIDEOS_URL = 'https://vimeo.com/showcase/audit-letter-program/embed';

export const FRAME_OPTION = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Two years, the length HSTS preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;

/**
 * Styles allow 'unsafe-inline' because Cloudscape positions popovers and dropdowns with inline styles;
 * scripts stay same-origin. Connections go to the site itself and to the uploads origin; the one frame
 * is the help videos' showcase.
 */
export function contentSecurityPolicy(origins: SiteOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${origins.uploads}`,
    // The Help Videos page (a public page of the spec) frames the showcase; nothing else frames.
    `frame-src ${new URL(HELP_VIDEOS_URL).origin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers as CloudFront writes them on every answer (the policy overrides any the origin sent). */
export function securityHeaders(origins: SiteOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTION,
    'referrer-policy': REFERRER_POLICY,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  };
}
