import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Login CSRF: another site's page must not sign the browser in as someone else, count failures
 * against a victim, or sign the user out. Browsers say where a request comes from (Sec-Fetch-Site,
 * Origin); calls without either header (curl, fastify.inject, mobile clients) work as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOST = 'crm.example.cn';
const CROSS_SITE = { code: 403, msg: '该请求来自其他网站，已拒绝' };
const formPost = (url: string, headers: Record<string, string>, body = '') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  });
const loginForm = (password: string) => `username=liming&password=${password}&type=3`;
const fromOtherSite: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  { 'sec-fetch-site': 'same-site', origin: `https://evil.${HOST}` },
  { origin: 'https://evil.example' },
  { origin: 'null' },
];

describe('a login posted from another site', () => {
  it('is refused before the password check and sets no cookie', async () => {
    for (const headers of fromOtherSite) {
      const res = await formPost('/login', headers, loginForm('123456a'));
      expect(res.json(), JSON.stringify(headers)).toMatchObject(CROSS_SITE);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('counts no failure, so five of them lock nobody out', async () => {
    for (let i = 0; i < 6; i++)
      expect((await formPost('/login', fromOtherSite[0]!, loginForm('wrong999'))).json()).toMatchObject(CROSS_SITE);
    expect((await formPost('/login', {}, loginForm('123456a'))).json()).toMatchObject({ code: 0 });
  });

  it('still works from the app itself and from clients that name no origin', async () => {
    const sameSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: `https://${HOST}` },
      { 'sec-fetch-site': 'none' },
      { origin: `http://${HOST}` },
      // Behind a proxy that passes `Host $host` the port is gone from the host, not from Origin.
      { origin: `https://${HOST}:8443` },
      {},
    ];
    for (const headers of sameSite) {
      const res = await formPost('/login', headers, loginForm('123456a'));
      expect(res.json(), JSON.stringify(headers)).toMatchObject({ code: 0 });
      expect(res.headers['set-cookie']).toMatch(/^Admin-Token=[\w-]+;/);
    }
  });

  it('compares the origin with the host the trusted proxy was asked for', async () => {
    const viaProxy = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '127.0.0.1',
        headers: { host: '127.0.0.1:8080', 'x-forwarded-host': HOST, origin },
        payload: { username: 'liming', password: '123456a', type: 3 },
      });
    expect((await viaProxy(`https://${HOST}`)).json()).toMatchObject({ code: 0 });
    expect((await viaProxy('https://127.0.0.1:8080')).json()).toMatchObject(CROSS_SITE);
  });
});

describe('logout', () => {
  /** A session of liming's on its own client type (a login on a type ends that type's older session). */
  const signIn = async (type: number) =>
    (await t.post('/login', { username: 'liming', password: '123456a', type })).data['Admin-Token'] as string;
  const alive = async (token: string) => (await t.post('/system/user/queryLoginUser', {}, token)).code === 0;

  it('from another site changes nothing: no cookie cleared, the session goes on', async () => {
    const token = await t.login('liming');
    const res = await formPost('/logout', { ...fromOtherSite[0]!, cookie: `Admin-Token=${token}` });
    expect(res.json()).toMatchObject(CROSS_SITE);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await alive(token)).toBe(true);
  });

  it('naming no session (the cookie alone) clears nothing and ends nothing', async () => {
    const token = await t.login('liming');
    const res = await formPost('/logout', { 'sec-fetch-site': 'same-origin', cookie: `Admin-Token=${token}` });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await alive(token)).toBe(true);
  });

  it('ends the session its Admin-Token header names and clears the cookie', async () => {
    const token = await signIn(1);
    const other = await signIn(2);
    expect(await alive(token)).toBe(true);
    const res = await formPost('/logout', { 'sec-fetch-site': 'same-origin', 'admin-token': token });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(res.headers['set-cookie']).toMatch(/^Admin-Token=; .*Max-Age=0/);
    expect(await alive(token)).toBe(false);
    expect(await alive(other)).toBe(true);
  });
});
