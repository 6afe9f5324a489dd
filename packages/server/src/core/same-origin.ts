import { Msg } from '@crm/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

/**
 * Whether a browser sent this request from a page of another site. Sec-Fetch-Site, which a page
 * cannot forge, decides when present (`same-origin`, or `none` for an address typed by the user);
 * else the Origin header must name this server's host name (as the client addressed it, through a
 * trusted proxy's X-Forwarded-Host). A request with neither comes from no browser page (curl, a
 * mobile client, fastify.inject) and is let through: CSRF needs a victim's browser.
 */
export function isCrossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    // Host names, not ports: cookies are shared across the ports of a host anyway, and a proxy's
    // `Host $host` drops the port the browser's Origin keeps.
    return new URL(origin).hostname !== req.hostname;
  } catch {
    return true; // `Origin: null` (a sandboxed frame, a data: page) or garbage.
  }
}

/**
 * For the calls that set or clear the session cookie (login, logout): another site's form must not
 * sign the browser in as someone else, lock a victim out with failed attempts, or sign them out.
 */
export function refuseCrossSite(req: FastifyRequest): void {
  if (isCrossSite(req)) throw forbidden(Msg.crossSiteRefused);
}
