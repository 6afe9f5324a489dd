import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The copy recipients an administrator sets on a category are a floor, as in DingTalk. */
let t: TestApp;
const tokens: Record<string, string> = {};
let ids: Record<string, number>;
let categoryId: number;

const call = (who: string, url: string, body: Record<string, unknown> = {}) => t.post(url, body, tokens[who]);
const ccNames = async (examineId: number) =>
  (await call('zhenghao', '/OaExamine/queryOaExamineInfo', { examineId })).data.ccUsers
    .map((u: { realname: string }) => u.realname)
    .sort();
const copiedTo = async (who: string) =>
  (await call(who, '/OaExamine/myCopyExamine')).data.list.map((r: { examineId: number }) => r.examineId);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['yangfan', 'zhenghao', 'wufang', 'huangmin', 'liming']) tokens[u] = await t.login(u);
  const list = await call('yangfan', '/system/user/queryUserList', { pageType: 0, limit: 100 });
  ids = Object.fromEntries(list.data.list.map((u: { username: string; userId: number }) => [u.username, u.userId]));
  const created = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
    title: '用车申请',
    className: '行政',
    examineType: 2,
    ccUserIds: [ids.huangmin],
  });
  categoryId = created.data.categoryId;
});
afterAll(() => t.close());

const submit = (ccUserId: unknown, examineId?: number) =>
  call('zhenghao', '/OaExamine/setOaExamine', {
    oaExamine: { categoryId, batchId: `cc-${Math.random().toString(36).slice(2)}`, content: '外出拜访', examineId },
    checkUserId: [ids.wufang],
    ccUserId,
  });

describe('copy recipients set on the category', () => {
  it('are copied when the submission names none', async () => {
    const sent = await submit('');
    expect(sent.code).toBe(0);
    expect(await ccNames(sent.data.examineId)).toEqual(['黄敏']);
    expect(await copiedTo('huangmin')).toContain(sent.data.examineId);
    expect((await call('huangmin', '/OaExamine/queryOaExamineInfo', { examineId: sent.data.examineId })).code).toBe(0);
  });

  it('stay beside the ones the applicant adds', async () => {
    const sent = await submit(String(ids.liming));
    expect(await ccNames(sent.data.examineId)).toEqual(['李明', '黄敏'].sort());
    expect(await copiedTo('liming')).toContain(sent.data.examineId);
    expect(await copiedTo('huangmin')).toContain(sent.data.examineId);
  });

  it('survive a resubmission that leaves them out', async () => {
    const sent = await submit([ids.liming]);
    const { examineId, recordId } = sent.data;
    expect((await call('zhenghao', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '改' })).code).toBe(0);
    expect((await submit('', examineId)).code).toBe(0);
    expect(await ccNames(examineId)).toEqual(['黄敏']);
    expect(await copiedTo('huangmin')).toContain(examineId);
    expect(await copiedTo('liming')).not.toContain(examineId);
  });
});
