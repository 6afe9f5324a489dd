import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { localDiskStorage } from '../files/storage.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Malformed input the client alone is to blame for: a multipart body cut before its closing
 * boundary, a time beyond what a Date can hold. Each is a refusal with a Chinese message
 * (body code 400), never a 500 and never an error line in the log.
 */
let t: TestApp;
let app: FastifyInstance;
let admin: string;
const lines: { level: number; msg: string }[] = [];
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-malformed-'));
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp(
    { db: t.database.db, config: t.config, storage: localDiskStorage(filesDir), bus: t.database.bus },
    { logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l)) } } },
  );
  admin = await t.login('admin');
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const errorsLogged = () => lines.filter((l) => l.level >= 50);

/** The upload and import routes: every route that reads a multipart body. */
const multipartRoutes = () =>
  app.routeTable
    .filter((r) => r.method === 'POST' && /\/(file\/upload|sysConfig\/set|updateImg|excelImport)$/.test(r.url))
    .map((r) => r.url);

const boundary = '----crmtruncated';
/** A multipart body whose file part never reaches its closing boundary. */
const truncatedMultipart = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="type"',
  '',
  'img',
  `--${boundary}`,
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  'not all of the bytes',
].join('\r\n');

describe('a multipart body cut before its closing boundary', () => {
  it('is refused with a Chinese message on every upload and import route, and no error is logged', async () => {
    const urls = multipartRoutes();
    expect(urls.length).toBeGreaterThanOrEqual(11);
    const answers: Record<string, unknown> = {};
    for (const url of urls) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'admin-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: truncatedMultipart,
      });
      answers[url] = res.json();
    }
    for (const url of urls) expect(answers[url], url).toMatchObject({ code: 400, msg: '上传的内容不完整，请重新上传' });
    expect(errorsLogged()).toEqual([]);
  });
});

describe('a time beyond what a Date can hold', () => {
  // As written in the body: 2^63 (beyond a 64-bit integer and a Date), and the largest doubles.
  const huge = ['9223372036854775808', '1e308', '-1e308', '"9223372036854775808"', '"1e308"'];
  it('is refused as a bad time by uploadPosition', async () => {
    for (const v of huge) {
      const res = await app.inject({
        method: 'POST',
        url: '/OaLocation/uploadPosition',
        headers: { 'admin-token': admin, 'content-type': 'application/json' },
        payload: `{"longitude": 116.4, "latitude": 39.9, "synchronizationTime": ${v}}`,
      });
      expect(res.json(), v).toMatchObject({ code: 400, msg: '定位时间格式有误' });
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('is refused as a bad time by queryPositions', async () => {
    for (const v of huge) {
      const res = await app.inject({
        method: 'POST',
        url: '/OaLocation/queryPositions',
        headers: { 'admin-token': admin, 'content-type': 'application/json' },
        payload: `{"userId": 1, "startTime": ${v}, "endTime": ${v}}`,
      });
      expect(res.json(), v).toMatchObject({ code: 400, msg: '定位时间格式有误' });
    }
    expect(errorsLogged()).toEqual([]);
  });
});
