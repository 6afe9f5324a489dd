import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** The copy recipients an administrator sets on a category are a floor, as in DingTalk. */
let t: TestApp;
const { ids, call, signIn } = people(() => t);
let categoryId: number;

const ccNames = async (examineId: number) =>
  (await call('zhenghao', '/OaExamine/queryOaExamineInfo', { examineId })).data.ccUsers
    .map((u: { realname: string }) => u.realname)
    .sort();
const copiedTo = async (who: string) =>
  (await call(who, '/OaExamine/myCopyExamine')).data.list.map((r: { examineId: number }) => r.examineId);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['yangfan', 'zhenghao', 'wufang', 'huangmin', 'liming']);
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
