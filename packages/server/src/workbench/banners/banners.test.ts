import { formatTime } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

// App home images: the admin saves ordered banners with an image, a link and a period; every
// signed-in user reads the active ones in order; staff cannot manage them.
let t: TestApp;
const { call, signIn, as } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli']);
});
afterAll(() => t.close());

const upload = (batchId: string, part = file('banner.png', fixtures.png, 'image/png')) =>
  postMultipart(t, '/file/upload', { type: 'img', batchId, file: part }, as('admin'));
const at = (offsetDays: number) => formatTime(new Date(Date.now() + offsetDays * 86_400_000));
const save = (body: Record<string, unknown>) => call('admin', '/workbench/banner/save', body);
const active = async (who = 'sunli') =>
  ((await call(who, '/workbench/banner/active', {})).data as { title: string; link: string; imageUrl: string }[]).map(
    (b) => b.title,
  );

describe('app home images', () => {
  const ids: Record<string, number> = {};

  it('saves banners with one image each, last in order, and serves the active ones', async () => {
    for (const [title, extra] of [
      ['春季护理节', { link: '/workbench/notice', startTime: at(-1), endTime: at(5) }],
      ['会员日', { link: 'https://example.com/vip?x=1' }],
      ['下月活动', { startTime: at(3) }],
      ['已结束', { endTime: at(-1) }],
      ['已停用', { enabled: false }],
    ] as const) {
      const batchId = `bn-${Object.keys(ids).length}`;
      expect((await upload(batchId)).code).toBe(0);
      const res = await save({ title, batchId, ...extra });
      expect([title, res.code, res.msg]).toEqual([title, 0, 'success']);
      ids[title] = res.data.bannerId;
    }
    expect(await active()).toEqual(['春季护理节', '会员日']);
    const [first] = (await call('sunli', '/workbench/banner/active', {})).data;
    expect(first).toMatchObject({ link: '/workbench/notice' });
    const img = await t.app.inject({ method: 'GET', url: first.imageUrl, headers: { 'admin-token': as('sunli') } });
    expect(img.statusCode).toBe(200);
    const list = (await call('admin', '/workbench/banner/list', {})).data as { title: string; active: boolean }[];
    expect(list.map((b) => [b.title, b.active])).toEqual([
      ['春季护理节', true],
      ['会员日', true],
      ['下月活动', false],
      ['已结束', false],
      ['已停用', false],
    ]);
  });

  it('reorders the whole list at once, refusing a partial or repeated order', async () => {
    const order = ['会员日', '已停用', '春季护理节', '下月活动', '已结束'].map((k) => ids[k]!);
    expect((await call('admin', '/workbench/banner/sort', { bannerIds: order })).code).toBe(0);
    expect(await active()).toEqual(['会员日', '春季护理节']);
    const msg = '排序须包含全部首页图片，且每张只出现一次';
    expect(await call('admin', '/workbench/banner/sort', { bannerIds: order.slice(1) })).toMatchObject({
      code: 400,
      msg,
    });
    expect(
      await call('admin', '/workbench/banner/sort', { bannerIds: [order[0]!, ...order.slice(0, 4)] }),
    ).toMatchObject({ code: 400, msg });
  });

  it('refuses a bad link, an empty period, no image, two images or a file that is not an image', async () => {
    expect((await upload('bn-bad')).code).toBe(0);
    for (const [body, msg] of [
      [{ link: 'http://example.com' }, '链接须为以 / 开头的应用内地址或 https:// 开头的网址'],
      [{ link: '//evil.example.com' }, '链接须为以 / 开头的应用内地址或 https:// 开头的网址'],
      [{ link: 'javascript:alert(1)' }, '链接须为以 / 开头的应用内地址或 https:// 开头的网址'],
      [{ startTime: at(2), endTime: at(1) }, '结束时间须晚于开始时间'],
      [{ title: '' }, '请输入标题'],
      [{ batchId: 'bn-none' }, '请上传一张图片'],
    ] as const) {
      expect(await save({ title: '坏', batchId: 'bn-bad', ...body })).toMatchObject({ code: 400, msg });
    }
    expect((await upload('bn-bad')).code).toBe(0);
    expect(await save({ title: '两张', batchId: 'bn-bad' })).toMatchObject({
      code: 400,
      msg: '只能上传一张图片（jpg、png、gif、webp）',
    });
    expect((await upload('bn-pdf', file('a.pdf', fixtures.pdf, 'application/pdf'))).code).not.toBe(-1);
    const pdf = await save({ title: '文件', batchId: 'bn-pdf' });
    expect(pdf.code).toBe(400);
    expect((await call('admin', '/workbench/banner/list', {})).data).toHaveLength(5);
  });

  it('edits, replaces the image and deletes', async () => {
    const id = ids['下月活动'];
    const list = (await call('admin', '/workbench/banner/list', {})).data as {
      bannerId: number;
      batchId: string;
      image: { fileId: number };
    }[];
    const row = list.find((b) => b.bannerId === id)!;
    expect((await upload(row.batchId, file('new.jpg', fixtures.jpg, 'image/jpeg'))).code).toBe(0);
    const edited = await save({
      bannerId: id,
      title: '本月活动',
      batchId: row.batchId,
      startTime: null,
      removedFileIds: [row.image.fileId],
    });
    expect(edited.code).toBe(0);
    expect(await active()).toContain('本月活动');
    expect((await call('admin', '/workbench/banner/delete', { bannerId: id })).code).toBe(0);
    expect(await active()).not.toContain('本月活动');
    expect(await call('admin', '/workbench/banner/delete', { bannerId: id })).toMatchObject({
      code: 404,
      msg: '首页图片不存在',
    });
  });

  it('is the administrators’: staff read the active banners only', async () => {
    for (const path of ['/workbench/banner/list', '/workbench/banner/save', '/workbench/banner/sort'])
      expect([path, (await call('sunli', path, {})).code]).toEqual([path, 403]);
  });
});
