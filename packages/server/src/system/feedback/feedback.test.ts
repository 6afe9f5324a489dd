import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** Feedback (issue 25): staff send it with screenshots, administrators triage and reply, the sender reads the reply. */
let t: TestApp;
const { call, signIn, as, ids } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie']);
});
afterAll(() => t.close());

const shot = (batchId: string, who = 'sunli', part = file('屏幕.png', fixtures.png, 'image/png')) =>
  postMultipart(t, '/file/upload', { type: 'img', batchId, file: part }, as(who));

const send = (who: string, body: Record<string, unknown>) =>
  call(who, '/system/feedback/submit', { type: '问题', content: '客户列表打不开', pageUrl: '/crm/customer', ...body });

describe('submitting feedback', () => {
  it('stores it with its screenshots, once per batch however often it is sent', async () => {
    expect((await shot('fb-1')).code).toBe(0);
    expect((await shot('fb-1')).code).toBe(0);
    const first = await send('sunli', { batchId: 'fb-1' });
    expect(first).toMatchObject({ code: 0 });
    const again = await send('sunli', { batchId: 'fb-1', content: '第二次点击' });
    expect(again.data.feedbackId).toBe(first.data.feedbackId);
    const mine = await call('sunli', '/system/feedback/mine', {});
    expect(mine.data.totalRow).toBe(1);
    const detail = await call('sunli', '/system/feedback/detail', { feedbackId: first.data.feedbackId });
    expect(detail.data).toMatchObject({ content: '客户列表打不开', pageUrl: '/crm/customer', status: 1, reply: '' });
    expect(detail.data.screenshots).toHaveLength(2);
    expect(detail.data.screenshots[0]).toMatchObject({ staged: false, mime: 'image/png' });
  });

  it.each([
    [{ content: '' }, '请输入反馈内容'],
    [{ content: 'x'.repeat(1001) }, '反馈内容不能超过1000个字符'],
    [{ type: '投诉' }, '请选择反馈类型'],
    [{ batchId: '' }, '缺少提交批次'],
  ])('refuses %o with 「%s」', async (body, msg) => {
    expect(await send('sunli', { batchId: 'fb-bad', ...body })).toMatchObject({ code: 400, msg });
  });

  it('takes images only, at most five', async () => {
    await postMultipart(
      t,
      '/file/upload',
      { type: 'file', batchId: 'fb-pdf', file: file('a.pdf', fixtures.pdf) },
      as('sunli'),
    );
    expect(await send('sunli', { batchId: 'fb-pdf' })).toMatchObject({ code: 400, msg: '截图只能是图片' });
    for (let i = 0; i < 6; i++) await shot('fb-six');
    expect(await send('sunli', { batchId: 'fb-six' })).toMatchObject({ code: 400, msg: '截图最多5张' });
  });
});

describe('triage', () => {
  let id: number;
  let shotUrl: string;
  beforeAll(async () => {
    await shot('fb-z', 'zhoujie');
    id = (await send('zhoujie', { batchId: 'fb-z', type: '建议', content: '希望加个导出按钮' })).data.feedbackId;
    shotUrl = (await call('zhoujie', '/system/feedback/detail', { feedbackId: id })).data.screenshots[0].url;
  });

  it('is the administrators’: staff cannot read the admin list nor handle feedback', async () => {
    expect((await call('sunli', '/system/feedback/list', {})).code).toBe(403);
    expect((await call('zhoujie', '/system/feedback/setStatus', { feedbackId: id, status: 3 })).code).toBe(403);
    expect((await call('zhoujie', '/system/feedback/reply', { feedbackId: id, reply: '自己回复' })).code).toBe(403);
  });

  it('hides one sender’s feedback and screenshots from another', async () => {
    expect(await call('sunli', '/system/feedback/detail', { feedbackId: id })).toMatchObject({
      code: 404,
      msg: '反馈不存在',
    });
    const mine = await call('sunli', '/system/feedback/mine', {});
    expect(mine.data.list.map((r: { feedbackId: number }) => r.feedbackId)).not.toContain(id);
    const get = (token: string) => t.app.inject({ method: 'GET', url: shotUrl, headers: { 'admin-token': token } });
    expect((await get(as('sunli'))).statusCode).not.toBe(200);
    expect((await get(as('zhoujie'))).statusCode).toBe(200);
    expect((await get(as('admin'))).statusCode).toBe(200);
  });

  it('filters the admin list by status, type, sender and time', async () => {
    const list = (body: object) => call('admin', '/system/feedback/list', body);
    expect((await list({})).data.totalRow).toBe(2);
    expect((await list({ type: '建议' })).data.list.map((r: { content: string }) => r.content)).toEqual([
      '希望加个导出按钮',
    ]);
    expect((await list({ senderId: ids.zhoujie })).data.totalRow).toBe(1);
    expect((await list({ status: 3 })).data.totalRow).toBe(0);
    expect((await list({ startTime: '2999-01-01 00:00:00' })).data.totalRow).toBe(0);
    expect((await list({ status: 9 })).msg).toBe('反馈状态有误');
  });

  it('answers the sender: the reply, its author and the status show in 我的反馈', async () => {
    expect(await call('admin', '/system/feedback/reply', { feedbackId: id, reply: '' })).toMatchObject({
      code: 400,
      msg: '请输入回复内容',
    });
    expect((await call('admin', '/system/feedback/reply', { feedbackId: id, reply: '下个版本加上' })).code).toBe(0);
    const [row] = (await call('zhoujie', '/system/feedback/mine', {})).data.list;
    expect(row).toMatchObject({ feedbackId: id, reply: '下个版本加上', replierName: '系统管理员', status: 2 });
    expect(row.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call('admin', '/system/feedback/setStatus', { feedbackId: id, status: 3 })).code).toBe(0);
    expect((await call('admin', '/system/feedback/list', { status: 3 })).data.list[0].feedbackId).toBe(id);
    expect(await call('admin', '/system/feedback/setStatus', { feedbackId: 999999, status: 3 })).toMatchObject({
      code: 404,
      msg: '反馈不存在',
    });
  });

  it('notifies the sender in the workbench feed, and nobody else (h-crmwb)', async () => {
    const feedOf = async (who: string) =>
      (await call(who, '/OaRecord/getOaRecordPageList', { type: 'feedback' })).data.list as {
        action: string;
        title: string;
        content: string;
        realname: string;
      }[];
    expect(await feedOf('zhoujie')).toMatchObject([
      { action: 'reply', title: '希望加个导出按钮', content: '下个版本加上', realname: '系统管理员' },
    ]);
    // 孙丽's feedback has no reply yet; the replier is not its sender.
    expect(await feedOf('sunli')).toEqual([]);
    expect(await feedOf('admin')).toEqual([]);
    expect((await call('admin', '/system/feedback/reply', { feedbackId: id, reply: '已排期' })).code).toBe(0);
    expect((await feedOf('zhoujie')).map((i) => i.content)).toEqual(['已排期']);
  });
});
