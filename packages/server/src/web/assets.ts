import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One file of the built web app, read once at start-up with its precompressed forms. */
export type WebAsset = {
  body: Buffer;
  /** `file.br` / `file.gz` written by the build (packages/web/build/precompress.ts). */
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
};

/** Vite names every file under assets/ by its content hash: it never changes under that name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files of public/: revalidated on every visit (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Every file of `dist` by its URL path (`/assets/index-abc.js`, `/index.html`). */
export function loadWebAssets(dist: string): Map<string, WebAsset> {
  const assets = new Map<string, WebAsset>();
  const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' });
  for (const rel of files) {
    // Precompressed forms belong to their file; .vite/ holds the build manifest, not for browsers.
    if (/\.(br|gz)$/.test(rel) || rel.startsWith('.vite')) continue;
    const file = path.join(dist, rel);
    if (!fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    const urlPath = `/${rel.split(path.sep).join('/')}`;
    const variant = (ext: string) => (fs.existsSync(file + ext) ? fs.readFileSync(file + ext) : undefined);
    assets.set(urlPath, {
      body,
      br: variant('.br'),
      gzip: variant('.gz'),
      type: TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    });
  }
  return assets;
}

/** The encoding to send for an `Accept-Encoding` header: brotli before gzip, never one refused (q=0). */
export function chooseEncoding(header: string | undefined, asset: WebAsset): 'br' | 'gzip' | undefined {
  if (!header || (!asset.br && !asset.gzip)) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    q.set(name.toLowerCase(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (asset.br && accepts('br')) return 'br';
  if (asset.gzip && accepts('gzip')) return 'gzip';
  return undefined;
}
