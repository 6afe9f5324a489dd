import { Msg, type SysConfig } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { file, fixtures, postMultipart } from './test-helpers.ts';

let t: TestApp;
let admin: string;
let sunli: string;
let huangmin: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, sunli, huangmin] = await Promise.all([t.login('admin'), t.login('sunli'), t.login('huangmin')]);
});
afterAll(() => t.close());

const query = async () => (await t.post<'/sysConfig/query', SysConfig>('/sysConfig/query', {})).data;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('POST /sysConfig/query', () => {
  it('answers the defaults without a session', async () => {
    const res = await t.post('/sysConfig/query', {});
    expect(res).toMatchObject({ code: 0, data: { companyName: '', logo: '', portalUrl: '' } });
  });
});

describe('POST /sysConfig/set', () => {
  it('saves a form-encoded body and answers the new settings', async () => {
    const res = await t.call('POST', '/sysConfig/set', {
      body: { companyName: ' 丽颜医美 ', portalUrl: 'https://portal.example.com/' },
      form: true,
      token: admin,
    });
    expect(res).toMatchObject({
      code: 0,
      data: { companyName: '丽颜医美', portalUrl: 'https://portal.example.com/', logo: '' },
    });
    expect(await query()).toEqual(res.data);
  });

  it('sets a logo from a multipart file, served publicly at its address', async () => {
    const res = await postMultipart<SysConfig>(
      t,
      '/sysConfig/set',
      { companyName: '丽颜医美', portalUrl: '', file: file('logo.png', fixtures.png, 'image/png') },
      admin,
    );
    expect(res.code).toBe(0);
    expect(res.data.logo).toMatch(/^\/sysConfig\/logo\/[\w-]{24}$/);
    const img = await get(res.data.logo);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(fixtures.png)).toBe(true);
    // Another file's key is not public through the logo address.
    const other = await postMultipart(t, '/file/upload', { file: file('a.png', fixtures.png) }, sunli);
    const key = other.data.url.split('/').pop();
    expect((await get(`/sysConfig/logo/${key}`)).json()).toMatchObject({ code: 404, msg: Msg.fileNotFound });
  });

  it('keeps the logo when absent, replaces it (removing the old file) and clears it with ""', async () => {
    const first = (await query()).logo;
    expect((await t.post('/sysConfig/set', { companyName: '丽颜' }, admin)).data.logo).toBe(first);
    const replaced = await postMultipart<SysConfig>(
      t,
      '/sysConfig/set',
      { file: file('new.jpg', fixtures.jpg) },
      admin,
    );
    expect(replaced.data.logo).not.toBe(first);
    expect((await get(first.replace('/sysConfig/logo/', '/file/view/'), { 'admin-token': admin })).statusCode).toBe(
      404,
    );
    expect((await t.post('/sysConfig/set', { companyName: '丽颜', logo: '' }, admin)).data.logo).toBe('');
    expect((await get(replaced.data.logo)).statusCode).toBe(404);
  });

  it('sets the logo to an image uploaded before', async () => {
    const up = await postMultipart(t, '/file/upload', { type: 'img', file: file('a.png', fixtures.png) }, admin);
    const res = await t.post('/sysConfig/set', { companyName: '丽颜', logo: up.data.url }, admin);
    expect(res.data.logo).toBe(up.data.url.replace('/file/view/', '/sysConfig/logo/'));
  });

  it.each([
    [{ companyName: '丽'.repeat(51) }, Msg.companyNameTooLong],
    [{ portalUrl: 'javascript:alert(1)' }, Msg.portalUrlInvalid],
    [{ portalUrl: 'portal.example.com' }, Msg.portalUrlInvalid],
    [{ logo: 'https://elsewhere.example/logo.png' }, Msg.logoInvalid],
    [{ logo: '/file/view/AAAAAAAAAAAAAAAAAAAAAAAA' }, Msg.logoInvalid],
  ])('refuses %j', async (body, msg) => {
    expect(await t.post('/sysConfig/set', body, admin)).toMatchObject({ code: 400, msg });
  });

  it('refuses a logo that is not an image', async () => {
    const res = await postMultipart(t, '/sysConfig/set', { file: file('logo.pdf', fixtures.pdf) }, admin);
    expect(res).toMatchObject({ code: 400, msg: Msg.fileNotImage });
    const pdf = await postMultipart(t, '/file/upload', { file: file('a.pdf', fixtures.pdf) }, admin);
    expect(await t.post('/sysConfig/set', { logo: pdf.data.url }, admin)).toMatchObject({ msg: Msg.logoInvalid });
  });

  it('refuses users without manage:system:update, and anonymous calls', async () => {
    for (const token of [sunli, huangmin])
      expect(await t.post('/sysConfig/set', { companyName: 'x' }, token)).toMatchObject({
        code: 403,
        msg: Msg.forbidden,
      });
    expect((await t.post('/sysConfig/set', { companyName: 'x' })).code).toBe(302);
    expect((await query()).companyName).toBe('丽颜');
  });
});

describe('POST /sysConfig/map', () => {
  it('answers no provider until the administrator sets one, to signed-in users only', async () => {
    expect((await t.post('/sysConfig/map', {}, sunli)).data).toEqual({ mapProvider: '', mapKey: '' });
    expect((await t.post('/sysConfig/map', {})).msg).toBe(Msg.notLoggedIn);
    const set = await t.call('POST', '/sysConfig/set', {
      body: { mapProvider: 'amap', mapKey: 'abc123DEF' },
      form: true,
      token: admin,
    });
    expect(set.code).toBe(0);
    expect((await t.post('/sysConfig/map', {}, sunli)).data).toEqual({ mapProvider: 'amap', mapKey: 'abc123DEF' });
    // The public settings never carry the key.
    expect(JSON.stringify((await t.post('/sysConfig/query', {})).data)).not.toContain('abc123DEF');
  });

  it.each([
    [{ mapProvider: 'google' }, '地图服务有误'],
    [{ mapKey: 'key with spaces' }, '地图密钥有误'],
  ])('refuses %j: %s', async (body, msg) => {
    const res = await t.call('POST', '/sysConfig/set', { body, form: true, token: admin });
    expect(res).toMatchObject({ code: 400, msg });
  });
});
