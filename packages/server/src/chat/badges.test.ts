import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyBadges } from '../core/badges.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';
import { openSocket, type TestSocket } from './test-helpers.ts';

/**
 * Live badges (core/badges.ts): a change that moves someone's to-do counts reaches that user's
 * sockets as `{type: 'badges', areas}` on every server process, through LISTEN/NOTIFY, and
 * nobody else's. Two servers on one database: 孙丽 and 李明 on the first, 陈静 on the second.
 */
let t: TestApp;
let other: Awaited<ReturnType<TestApp['sibling']>>;
const { tokens, ids, signIn } = people(() => t);
const sockets: Record<string, TestSocket> = {};
beforeAll(async () => {
  t = await createTestApp();
  other = await t.sibling();
  await signIn(['sunli', 'liming', 'chenjing', 'yangfan', 'zhaoqiang']);
  sockets.sunli = await openSocket(t.app, tokens.sunli);
  sockets.liming = await openSocket(t.app, tokens.liming);
  sockets.chenjing = await openSocket(other.app, tokens.chenjing);
});
afterAll(async () => {
  for (const s of Object.values(sockets)) await s.close();
  await other.close();
  await t.close();
});

const badges = (who: string) => sockets[who]!.settle('badges', 400);

describe('badges changed, pushed to the users concerned', () => {
  it('any module tells the users it names, on whichever server they are, at commit only', async () => {
    const db = t.database.db;
    await db.transaction((tx) => notifyBadges(tx, [ids.chenjing!, ids.chenjing!, null], ['crm']));
    expect(await sockets.chenjing!.next('badges')).toEqual({ type: 'badges', areas: ['crm'] });
    expect(await badges('sunli')).toEqual([]);
    expect(await badges('chenjing')).toEqual([]); // once, though named twice

    // A rolled back change tells nobody.
    await db
      .transaction(async (tx) => {
        await notifyBadges(tx, [ids.sunli!], ['oa']);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await badges('sunli')).toEqual([]);
  });

  it('an approval submitted to 陈静 (other server) moves her badge, and her approval moves it again', async () => {
    const cats = await t.post('/OaExamineCategory/queryExamineCategoryList', {}, tokens.yangfan);
    const generalId = cats.data.list.find((c: { type: string }) => c.type === 'general').categoryId;
    const submitted = await t.post(
      '/OaExamine/setOaExamine',
      {
        oaExamine: { categoryId: generalId, content: '采购打印纸', detail: '两箱', batchId: `badge-${Date.now()}` },
        checkUserId: String(ids.chenjing),
      },
      tokens.sunli,
    );
    expect(submitted.code).toBe(0);
    expect(await sockets.chenjing!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
    expect(await badges('liming')).toEqual([]);

    const { recordId } = submitted.data as { recordId: number };
    const approved = await t.post('/OaExamine/auditExamine', { recordId, status: 1, remarks: '同意' }, tokens.chenjing);
    expect(approved.code).toBe(0);
    expect(await sockets.chenjing!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
    expect(await badges('liming')).toEqual([]);
  });

  it('a customer created, then moved to the pool and taken, tells its owners (crm)', async () => {
    const saved = await t.post(
      '/CrmCustomer/addOrUpdate',
      {
        customerName: '徽章测试客户',
        mobile: '13800007777',
        hasOldCustomer: true,
        gender: 2,
        shopOwnerId: 1,
        relation: '成都三级',
        idCard: '510104199001017777',
        gatIdCard: '',
        idCardUrl: '',
        hasSign: false,
        signTime: null,
        signItemUserIds: null,
      },
      tokens.sunli,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['crm'] });
    expect(await badges('chenjing')).toEqual([]);

    const id = saved.data.id as number;
    expect((await t.post('/CrmCustomer/putInPublicCustomerPool', { ids: [id] }, tokens.sunli)).code).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['crm'] });
    expect((await t.post('/CrmCustomer/receiveByIds', { ids: [id] }, tokens.liming)).code).toBe(0);
    expect(await sockets.liming!.next('badges')).toEqual({ type: 'badges', areas: ['crm'] });
    expect(await badges('sunli')).toEqual([]);
  });

  it('a return visit handed to 孙丽 moves her 回访任务 badge (oa), and so does her accepting it', async () => {
    const page = await t.post('/CrmCustomer/queryPageList', { limit: 100 }, tokens.zhaoqiang);
    const customerId = (page.data.list as { customerId: number; ownerUserId: number }[]).find(
      (c) => c.ownerUserId === ids.sunli,
    )!.customerId;
    const num = async () => (await t.post('/OaBackLog/num', {}, tokens.sunli)).data.agencyNum as number;
    const before = await num();
    const saved = await t.post(
      '/CrmCustumerAgency/saveList',
      {
        customerIds: [customerId],
        userId: ids.sunli,
        typeCode: 1,
        content: '术后回访',
        batchId: `badge-agency-${Date.now()}`,
      },
      tokens.zhaoqiang,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
    expect(await badges('liming')).toEqual([]);
    expect(await num()).toBe(before + 1);
    const [agencyId] = saved.data.agencyIds as number[];
    expect((await t.post('/CrmCustumerAgency/accept', { agencyId }, tokens.sunli)).code).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
    expect(await num()).toBe(before);
  });

  it('a task given to 孙丽 moves her badge (oa: her open tasks and due reminders), not the creator’s', async () => {
    const saved = await t.post(
      '/OaTask/setTask',
      {
        title: '整理双十二物料',
        ownerUserId: ids.sunli,
        dueTime: new Date(Date.now() + 3600_000).toISOString(),
        batchId: `badge-task-${Date.now()}`,
      },
      tokens.liming,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
    expect(await badges('chenjing')).toEqual([]);
    const taskId = saved.data.taskId as number;
    expect((await t.post('/OaTask/setTaskStatus', { taskId, status: 2 }, tokens.sunli)).code).toBe(0);
    expect(await sockets.sunli!.next('badges')).toEqual({ type: 'badges', areas: ['oa'] });
  });
});
