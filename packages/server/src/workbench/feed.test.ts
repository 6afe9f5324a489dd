import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';

// The activity feed across its sources: 李明 creates a task with 孙丽 and an event with 孙丽;
// 孙丽 follows up her customer and 赵强 hands her a return visit. Each sees what concerns them.
let t: TestApp;
const { ids, call, signIn } = people(() => t);
const feedOf = async (who: string, body: Record<string, unknown> = {}) => {
  const res = await call(who, '/OaRecord/getOaRecordPageList', body);
  expect(res.code).toBe(0);
  return res.data as {
    list: { type: string; action: string; title: string; content: string; realname: string; link: string }[];
    hasMore: boolean;
  };
};
let customerId: number;
let customerName: string;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'liming', 'sunli', 'zhoujie', 'zhaoqiang', 'chenjing', 'yangfan', 'huangmin', 'wufang']);
  const page = await call('sunli', '/CrmCustomer/queryPageList', { limit: 50 });
  const mine = page.data.list.find((c: { ownerUserId: number }) => c.ownerUserId === ids.sunli);
  customerId = mine.customerId;
  customerName = mine.customerName;
  expect(
    (
      await call('liming', '/OaTask/setTask', {
        title: '整理客户档案',
        participantIds: [ids.sunli],
        batchId: 'feed-task',
      })
    ).code,
  ).toBe(0);
  expect(
    (
      await call('liming', '/OaEvent/saveEvent', {
        title: '季度复盘会',
        startDay: '2026-12-01',
        allDay: true,
        participantIds: [ids.sunli],
        batchId: 'feed-event',
      })
    ).code,
  ).toBe(0);
  expect(
    (await call('sunli', '/CrmCustomer/addRecord', { id: customerId, category: '打电话', content: '确认到店时间' }))
      .code,
  ).toBe(0);
  expect(
    (
      await call('zhaoqiang', '/CrmCustumerAgency/saveList', {
        customerIds: [customerId],
        userId: ids.sunli,
        typeCode: 3,
        content: '满意度回访',
        batchId: 'feed-agency',
      })
    ).code,
  ).toBe(0);
});
afterAll(() => t.close());

/** 黄敏 (公告管理员) publishes to 销售一部; 孙丽 sends 周杰 a weekly log. */
async function publishAndSend() {
  const tree = await call('admin', '/system/dept/queryDeptTree', { type: 'list' });
  const team = tree.data.find((d: { name: string }) => d.name === '销售一部').id;
  const notice = await call('huangmin', '/OaAnnouncement/saveAnnouncement', {
    title: '周五盘点通知',
    content: '<p>周五下午<strong>盘点</strong>库存</p>',
    deptIds: [team],
    batchId: 'feed-notice',
  });
  expect(notice.code).toBe(0);
  const log = await call('sunli', '/OaLog/saveLog', {
    categoryId: 2,
    content: '<p>本周新增客户 5 位</p>',
    sendUserIds: [ids.zhoujie],
    batchId: 'feed-log',
  });
  expect(log.code).toBe(0);
  return { announcementId: notice.data.announcementId as number, logId: log.data.logId as number };
}

async function submitApproval() {
  const cats = await call('yangfan', '/OaExamineCategory/queryExamineCategoryList');
  const generalId = cats.data.list.find((c: { type: string }) => c.type === 'general').categoryId;
  const sent = await call('sunli', '/OaExamine/setOaExamine', {
    oaExamine: { categoryId: generalId, content: '申请展会物料', detail: '易拉宝两个', batchId: 'feed-examine' },
    checkUserId: [ids.liming],
  });
  expect(sent.code).toBe(0);
  return generalId;
}

describe('POST /OaRecord/getOaRecordPageList', () => {
  it('shows a participant the task, the event, her follow-up and the task handed to her, newest first', async () => {
    const { list } = await feedOf('sunli', { limit: 50 });
    const seen = list.map((i) => `${i.type}:${i.action}:${i.title}`);
    expect(seen).toContain('task:create:整理客户档案');
    expect(seen).toContain('event:create:季度复盘会');
    expect(list.find((i) => i.type === 'followUp')).toMatchObject({
      action: '打电话',
      content: '确认到店时间',
      // The record's name alone: the page puts the kind's name before it in the reader's language.
      title: customerName,
      link: expect.stringMatching(/^\/crm\/\w+\/\d+$/),
      realname: '孙丽',
    });
    expect(list.find((i) => i.type === 'agency')).toMatchObject({
      action: 'create',
      content: '满意度回访',
      realname: '赵强',
    });
    expect(list.find((i) => i.type === 'task')!.link).toMatch(/^\/workbench\/task\?taskId=\d+$/);
    const times = list.map((i) => (i as unknown as { time: string }).time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows an approval to its applicant and its approver, not to others', async () => {
    await submitApproval();
    for (const who of ['sunli', 'liming']) {
      const { list } = await feedOf(who, { type: 'examine' });
      expect(list[0]).toMatchObject({ type: 'examine', action: 'submit', realname: '孙丽' });
      expect(list[0]!.link).toMatch(/^\/workbench\/examine\?examineId=\d+$/);
    }
    expect((await feedOf('zhoujie', { type: 'examine' })).list).toEqual([]);
  });

  it('shows a published notice to its readers and a sent log to its recipients, by type and day', async () => {
    const { announcementId, logId } = await publishAndSend();
    for (const who of ['sunli', 'zhoujie', 'huangmin']) {
      const { list } = await feedOf(who, { type: 'notice' });
      expect([who, list[0]]).toEqual([
        who,
        expect.objectContaining({
          type: 'notice',
          action: 'publish',
          title: '周五盘点通知',
          content: '周五下午 盘点 库存',
          realname: '黄敏',
          link: `/workbench/notice?announcementId=${announcementId}`,
        }),
      ]);
    }
    // 吴芳 (销售二部) and 陈静 (财务部) are not among its readers.
    for (const who of ['wufang', 'chenjing'])
      expect([who, (await feedOf(who, { type: 'notice' })).list.map((i) => i.title)]).toEqual([who, []]);

    for (const who of ['sunli', 'zhoujie']) {
      const { list } = await feedOf(who, { type: 'log' });
      expect([who, list[0]]).toEqual([
        who,
        expect.objectContaining({
          type: 'log',
          action: 'send',
          title: '周报',
          content: '本周新增客户 5 位',
          realname: '孙丽',
          link: `/workbench/journal?logId=${logId}`,
        }),
      ]);
    }
    for (const who of ['chenjing', 'wufang'])
      expect([who, (await feedOf(who, { type: 'log' })).list]).toEqual([who, []]);

    const all = await feedOf('zhoujie', { limit: 50 });
    expect(all.list.map((i) => i.type)).toEqual(expect.arrayContaining(['notice', 'log']));
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await feedOf('zhoujie', { type: 'log', startTime: today, endTime: today })).list).toHaveLength(1);
    expect((await feedOf('zhoujie', { type: 'notice', startTime: '2020-01-01', endTime: '2020-01-31' })).list).toEqual(
      [],
    );
  });

  it('filters by type and pages with hasMore', async () => {
    const tasks = await feedOf('sunli', { type: 'task' });
    expect(tasks.list.every((i) => i.type === 'task')).toBe(true);
    expect(tasks.list.length).toBeGreaterThan(0);
    const first = await feedOf('sunli', { limit: 1, page: 1 });
    const second = await feedOf('sunli', { limit: 1, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(first.list[0]).not.toEqual(second.list[0]);
  });

  it('filters by date (China days)', async () => {
    const past = await feedOf('sunli', { startTime: '2020-01-01', endTime: '2020-01-31' });
    expect(past.list).toEqual([]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const now = await feedOf('sunli', { startTime: today, endTime: today, type: 'event' });
    expect(now.list.map((i) => i.title)).toContain('季度复盘会');
  });

  it('leaves out what is not mine: someone outside sees none of it', async () => {
    const { list } = await feedOf('zhoujie', { limit: 100 });
    const titles = list.map((i) => i.title);
    expect(titles).not.toContain('整理客户档案');
    expect(titles).not.toContain('季度复盘会');
    expect(list.some((i) => i.type === 'agency')).toBe(false);
    expect(list.some((i) => i.type === 'followUp' && i.content === '确认到店时间')).toBe(false);
    // A manager whose data scope holds the customer sees its follow-up.
    const manager = await feedOf('zhaoqiang', { type: 'followUp', limit: 100 });
    expect(manager.list.some((i) => i.content === '确认到店时间')).toBe(true);
    // Finance has no customer list: no CRM entries at all.
    expect((await feedOf('chenjing', { type: 'crm' })).list).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'weather' }, '动态类型有误'],
    ['a bad day', { startTime: '2026-02-30' }, '日期格式有误'],
    ['a backwards range', { startTime: '2026-12-01', endTime: '2026-11-01' }, '结束日期不能早于开始日期'],
    ['a page too deep', { page: 51 }, '页码须在1到50之间'],
    ['too many per page', { limit: 101 }, '每页条数须在1到100之间'],
  ])('refuses %s', async (_, body, msg) => {
    expect(await call('sunli', '/OaRecord/getOaRecordPageList', body)).toMatchObject({ code: 400, msg });
  });

  it('refuses without a session', async () => {
    expect(await t.post('/OaRecord/getOaRecordPageList', {})).toMatchObject({ code: 302 });
  });
});
