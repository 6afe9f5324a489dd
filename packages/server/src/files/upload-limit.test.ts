import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { file, fixtures, postMultipart } from './test-helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxMb: 1 });
  token = await t.login('sunli');
});
afterAll(() => t.close());

describe('upload size limit (UPLOAD_MAX_MB)', () => {
  const withPadding = (bytes: number) => Buffer.concat([fixtures.pdf, Buffer.alloc(bytes - fixtures.pdf.length, 0x20)]);

  it('refuses a file over the limit with the size in the message', async () => {
    const res = await postMultipart(t, '/file/upload', { file: file('big.pdf', withPadding(1024 * 1024 + 1)) }, token);
    expect(res).toMatchObject({ code: 400, msg: '文件大小不能超过1MB', status: 200 });
    expect(res.msg).toBe(Msg.fileTooLarge.replace('{size}', '1'));
  });

  it('refuses it on the settings form too', async () => {
    const admin = await t.login('admin');
    const res = await postMultipart(
      t,
      '/sysConfig/set',
      { file: file('logo.png', withPadding(2 * 1024 * 1024)) },
      admin,
    );
    expect(res).toMatchObject({ code: 400, msg: '文件大小不能超过1MB' });
  });

  it('takes a file of exactly the limit', async () => {
    const res = await postMultipart(t, '/file/upload', { file: file('ok.pdf', withPadding(1024 * 1024)) }, token);
    expect(res).toMatchObject({ code: 0, data: { size: 1024 * 1024 } });
  });
});
