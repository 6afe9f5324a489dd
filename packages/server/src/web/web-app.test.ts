import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { isPagePath } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A small built app: index.html, a hashed script with its precompressed forms, an unhashed icon.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-web-dist-'));
const html = '<!doctype html><html><head><title>客户管理系统</title></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), html);
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('page addresses', () => {
  it('serves the app for a plain GET of a page address whatever the Accept header says (curl)', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/login',
      '/login?redirect=%2Fmanager',
      '/workbench/examine',
      '/manager/employee-dep',
    ]) {
      for (const accept of ['*/*', 'application/json', undefined]) {
        const res = await get(url, accept ? { accept } : {});
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toBe(html);
      }
    }
  });

  it('serves the app for a browser navigation to an unknown address (the app shows its 404)', async () => {
    const res = await get('/no-such-page', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
  });

  it('keeps the JSON 404 for unknown API-style calls', async () => {
    for (const [method, url] of [
      ['GET', '/OaExamine/noSuchCall'],
      ['GET', '/system/user/noSuchCall'],
      ['POST', '/file/noSuchCall'],
      ['POST', '/workbench/examine'],
      ['GET', '/assets/index-gone.js'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: '*/*' } });
      // A call (POST) is answered HTTP 200 with its code, as every call; a GET keeps the 404.
      expect(res.statusCode, url).toBe(method === 'POST' ? 200 : 404);
      expect(res.json()).toEqual({ code: 404, msg: '请求的接口不存在', data: null });
    }
    // An old tab asking for a hashed file that a deploy removed gets a failure, not a page.
    const stale = await get('/assets/index-gone.js', { accept: 'text/html' });
    expect(stale.statusCode).toBe(404);
  });

  it('has no API route that a GET of a page address would reach instead of the app', () => {
    const shadowing = t.app.routeTable.filter((r) => r.method === 'GET' && isPagePath(r.url)).map((r) => r.url);
    expect(shadowing).toEqual([]);
  });
});

describe('static assets', () => {
  const url = '/assets/index-Ab12Cd34.js';

  it('sends the precompressed form the client accepts, brotli first', async () => {
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(script);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('marks hashed files immutable for a year and revalidates the others', async () => {
    expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['content-type']).toBe('image/svg+xml');
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/workbench/index', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('security headers', () => {
  const pageHeaders = {
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  it('go with every page, asset, revalidation and file answer: the page policy', async () => {
    const first = await get('/');
    const answers = [
      first,
      await get('/', { 'if-none-match': String(first.headers.etag) }),
      await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }),
      await get('/favicon.svg'),
      await get('/workbench/index'),
    ];
    for (const res of answers) {
      expect(res.headers, `${res.statusCode} ${res.body.slice(0, 60)}`).toMatchObject(pageHeaders);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
    }
  });

  it('go with every JSON answer (API, refusals, 404s, router errors): nothing may load, nothing may frame it', async () => {
    const answers = [
      await get('/OaExamine/noSuchCall'),
      await get('/healthz'),
      await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'admin', password: 'wrong', type: 3 } }),
      await t.app.inject({ method: 'POST', url: '/system/user/queryUserList', payload: {} }),
      await get(`/file/view/${'a'.repeat(300)}`),
      await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    for (const res of answers) {
      expect(String(res.headers['content-type']), res.body.slice(0, 60)).toMatch(/^application\/json/);
      expect(res.headers, `${res.statusCode} ${res.body.slice(0, 60)}`).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
      });
    }
  });
});
