import type { FastifyInstance } from 'fastify';

/**
 * 180 days, subdomains included: browsers that once reached the dashboard over HTTPS refuse a
 * plain-HTTP hop (a stripping proxy on café Wi-Fi) to it from then on. Sent only when PUBLIC_URL
 * is https: over plain HTTP browsers ignore it, and a local install must stay reachable.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

// Powerful browser features the dashboard never uses, switched off for it and anything it embeds.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // API answers and assets are never pages: if one is opened as a page, nothing in it may run.
  // The dashboard page gets its own policy (dashboardContentSecurityPolicy).
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'permissions-policy': PERMISSIONS_POLICY,
};

/**
 * The dashboard page's policy: scripts only from this origin (no inline or eval), data only to
 * it, no frames, plugins or form posts elsewhere. Styles from this origin plus `<style>` elements
 * carrying this page load's nonce: Mantine writes its theme variables and responsive props into
 * such elements and stamps them with the nonce (MantineProvider getStyleNonce), so
 * 'unsafe-inline' is not needed. Inline style attributes stay blocked; React sets styles through
 * the CSSOM, which CSP does not govern.
 */
export function dashboardContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers every answer carries; the dashboard holds bearer tokens, so framing and sniffing are off.
 * `publicUrl` is where browsers reach this server (PUBLIC_URL): https there adds HSTS.
 */
export function installSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers =
    new URL(publicUrl).protocol === 'https:'
      ? { ...SECURITY_HEADERS, 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : SECURITY_HEADERS;
  // Set as the request arrives, in a callback hook: no promise per request on the gateway's path.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
