import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefused, multipartBody, tinyPng } from '../testing.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('sunli');
});
afterAll(() => t.close());

async function upload(file: { name: string; type: string; data: Buffer }, tok: string | null = token) {
  const { payload, headers } = multipartBody(file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/user/updateImg',
    payload,
    headers: { ...headers, ...(tok ? { 'admin-token': tok } : {}) },
  });
  return res.json();
}

describe('POST /system/user/updateImg', () => {
  it('stores the image, sets it as the avatar and serves it', async () => {
    const res = await upload({ name: 'me.png', type: 'image/png', data: tinyPng });
    expect(res.code).toBe(0);
    expect(res.data.img).toMatch(/^\/system\/user\/avatar\/[0-9a-f-]{36}\.png$/);
    expect((await t.post('/system/user/queryLoginUser', {}, token)).data.img).toBe(res.data.img);

    const img = await t.app.inject({ method: 'GET', url: res.data.img, headers: { 'admin-token': token } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(tinyPng)).toBe(true);
    // <img> tags send the cookie twin of the token.
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: res.data.img,
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('replaces the previous avatar file', async () => {
    const first = (await upload({ name: 'a.png', type: 'image/png', data: tinyPng })).data.img;
    const second = (await upload({ name: 'b.png', type: 'image/png', data: tinyPng })).data.img;
    expect(second).not.toBe(first);
    const gone = await t.app.inject({ method: 'GET', url: first, headers: { 'admin-token': token } });
    expect(gone.json()).toMatchObject({ code: 404, msg: Msg.fileNotFound });
  });

  it('judges by the bytes: a text file named .png is refused', async () => {
    const res = await upload({ name: 'fake.png', type: 'image/png', data: Buffer.from('not an image') });
    expectRefused(res, 400, Msg.fileNotImage);
  });

  it('refuses a call without a file', async () => {
    expectRefused(await t.post('/system/user/updateImg', {}, token), 400, Msg.fileRequired);
    expectRefused(await upload({ name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }), 400, Msg.fileRequired);
  });

  it('needs a session', async () => {
    expectRefused(await upload({ name: 'me.png', type: 'image/png', data: tinyPng }, null), 302, Msg.notLoggedIn);
  });
});

describe('GET /system/user/avatar/:name', () => {
  it('answers 404 for an unknown or malformed name', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const res = await t.call('GET', `/system/user/avatar/${name}`, { token });
      expectRefused(res, 404, Msg.fileNotFound);
    }
  });
  it('needs a session', async () => {
    expectRefused(await t.call('GET', '/system/user/avatar/x.png'), 302, Msg.notLoggedIn);
  });
});
