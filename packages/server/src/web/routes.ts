import fs from 'node:fs';
import path from 'node:path';
import { isPagePath, Msg, ResultCode } from '@crm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, loadWebAssets, type WebAsset } from './assets.ts';

/**
 * Serve the built single-page app from memory: each file at its path, precompressed when the
 * client accepts it, hashed assets cached for a year and index.html revalidated. A GET of a page
 * address (`/`, `/workbench/…`, `/manager/…`: shared PAGE_ROOTS) answers index.html whatever the
 * Accept header; a browser navigation elsewhere does too (the app shows its 404); any other
 * unknown call answers the JSON 404 `请求的接口不存在`.
 */
export function registerWebApp(app: FastifyInstance, dist: string | undefined): void {
  // API-only runs and tests have no built app: every unknown address is then the JSON 404.
  const built = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  const assets = built ? loadWebAssets(dist) : new Map<string, WebAsset>();
  const index = assets.get('/index.html');

  // The hashed chunks (some 400) share one route: a route each took the router about a second at every start.
  for (const [urlPath, asset] of assets) {
    if (urlPath.startsWith('/assets/')) continue;
    app.get(urlPath, { config: { access: 'public' } }, (req, reply) => sendAsset(req, reply, asset));
  }
  app.get('/assets/*', { config: { access: 'public' } }, (req, reply) => {
    const asset = assets.get(req.url.split('?')[0] ?? '');
    if (asset) return sendAsset(req, reply, asset);
    return reply.status(404).send({ code: ResultCode.notFound, msg: Msg.notFoundPath, data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    if (index && (req.method === 'GET' || req.method === 'HEAD') && wantsApp(req)) {
      return sendAsset(req, reply, index);
    }
    // A call to a path we lack is a handled outcome (HTTP 200, code 404) like every call's;
    // a GET the browser makes itself (a stale asset) keeps the status it acts on.
    const status = req.method === 'POST' ? 200 : 404;
    return reply.status(status).send({ code: ResultCode.notFound, msg: Msg.notFoundPath, data: null });
  });
}

function wantsApp(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0] ?? '/';
  if (isPagePath(pathname)) return true;
  // A missing hashed file (an old tab after a deploy) must fail, not turn into a page.
  return !pathname.startsWith('/assets/') && (req.headers.accept ?? '').includes('text/html');
}

function sendAsset(req: FastifyRequest, reply: FastifyReply, asset: WebAsset) {
  const encoding = chooseEncoding(req.headers['accept-encoding'], asset);
  const etag = encoding ? `${asset.etag.slice(0, -1)}-${encoding}"` : asset.etag;
  reply.header('cache-control', asset.cacheControl).header('etag', etag);
  if (asset.br || asset.gzip) reply.header('vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.type(asset.type);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.body);
}
