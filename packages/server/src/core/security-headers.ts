import { MapOrigins } from '@crm/shared';
import type { FastifyInstance } from 'fastify';

/**
 * What a browser may do with any answer of this server (docs/decisions.md "Security headers").
 * Scripts come only from the app's own files (Vite emits no inline script) and Baidu's JSONP
 * geocoder; styles may be inline because antd's CSS-in-JS writes <style> elements at run time;
 * images are the app's, uploads previewed from blob:/data:, and the map tiles; connections go to
 * the server itself (its chat WebSocket included: CSP 3's 'self' covers ws:/wss: of the same
 * host) and AMap's geocoder. Only this app may frame its pages (the previewer does not frame).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${MapOrigins.baiduApi}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${MapOrigins.amapTiles}`,
  "font-src 'self' data:",
  `connect-src 'self' ${MapOrigins.amapApi}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  // Addresses carry record ids and searches: other sites see only our origin.
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * A JSON answer is data, never a document a browser renders with scripts, styles or frames, so it
 * needs only what stops it being sniffed or framed (OWASP's REST guidance): three short headers
 * instead of the page's four (650 bytes an answer against 120; header handling was a fifth of a
 * trivial call's cost, bench/RESULTS.md).
 */
export const JSON_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

const pageEntries = Object.entries(SECURITY_HEADERS);
const jsonEntries = Object.entries(JSON_SECURITY_HEADERS);

const isJson = (type: unknown): boolean => typeof type === 'string' && type.startsWith('application/json');

/**
 * Every answer (pages, files, API, errors, 404s) carries the headers: JSON answers the short set,
 * everything else the page set. A header a route set itself (files, avatars) is kept. A callback
 * hook: no promise a request.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    const entries = isJson(reply.getHeader('content-type')) ? jsonEntries : pageEntries;
    for (const [name, value] of entries) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}

/** For the router's own refusals (app.ts frameworkErrors), which answer JSON before any hook runs. */
export function setSecurityHeaders(reply: { header(name: string, value: string): unknown }): void {
  for (const [name, value] of jsonEntries) reply.header(name, value);
}
