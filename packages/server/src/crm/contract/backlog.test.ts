import { systemSceneIds } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people } from '../../test/people.ts';

/**
 * The CRM to-do tiles (CrmBackLog/num) and the lists they open: each count is the total of its
 * list scene for the same viewer (followLeads 待跟进的线索, checkContract / checkReceivables
 * 待我审批的, endContract 即将到期的合同, remindReceivablesPlan 待回款提醒的), and a reviewer
 * outside the record's data scope reads the record they review, nothing more. Demo data: sunli
 * and zhoujie (销售一部, scope self), zhenghao (销售二部, scope self), chenjing (财务).
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let cid: Record<string, number>;
const nextBatch = batchIds('backlog-test');
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

const tile = async (who: string, key: string) => (await post(who, '/CrmBackLog/num', {})).data[key] as number;
/** The list a tile opens: its kind's queryPageList on the scene. */
const sceneList = async (who: string, prefix: string, scene: keyof typeof systemSceneIds) => {
  const res = await post(who, `/${prefix}/queryPageList`, { page: 1, limit: 100, sceneId: systemSceneIds[scene] });
  expect(res.code).toBe(0);
  return res.data as { list: Record<string, unknown>[]; totalRow: number };
};

const saveContract = (who: string, over: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post(who, '/CrmContract/saveAndUpdate', {
    entity: {
      name: '年度护理套餐',
      customerId: cid.陈雨桐,
      money: '10000',
      startTime: '2026-01-01',
      endTime: '2030-12-31',
      batchId: nextBatch(),
      ...over,
    },
    field: [],
    ...extra,
  });
const draft = async (num: string, over: Record<string, unknown> = {}) => {
  const res = await saveContract('sunli', { num, checkStatus: 5, ...over });
  expect(res.code).toBe(0);
  return res.data.id as number;
};
const day = (offset: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + offset * 86400_000);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie', 'zhenghao', 'chenjing']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('each CRM tile counts the list it opens', () => {
  it('followLeads = 待跟进的线索: due, not converted, in scope', async () => {
    const lead = async (who: string, name: string, next: string) => {
      const res = await post(who, '/CrmLeads/addOrUpdate', { entity: { name, batchId: nextBatch() }, field: [] });
      expect(res.code).toBe(0);
      await exec(sql`update crm_leads set next_time = now() + ${next}::interval where leads_id = ${res.data.id}`);
      return res.data.id as number;
    };
    const due = await lead('sunli', '今日跟进线索', '-1 hour');
    await lead('sunli', '下周跟进线索', '7 days');
    await lead('zhenghao', '别人的到期线索', '-2 hours');
    const converted = await lead('sunli', '已转化到期线索', '-1 hour');
    await exec(sql`update crm_leads set is_transform = true where leads_id = ${converted}`);

    const list = await sceneList('sunli', 'CrmLeads', 'followUp');
    expect(list.list.map((r) => r.name)).toEqual(['今日跟进线索']);
    expect(list.list[0]!.leadsId).toBe(due);
    expect(await tile('sunli', 'followLeads')).toBe(list.totalRow);
    expect(await tile('zhenghao', 'followLeads')).toBe((await sceneList('zhenghao', 'CrmLeads', 'followUp')).totalRow);
    expect(await tile('zhenghao', 'followLeads')).toBe(1);
  });

  it('endContract = 即将到期的合同: approved, ending from today within the configured days, 0 when off', async () => {
    expect((await post('admin', '/CrmContract/setContractConfig', { status: 1, contractDay: 10 })).code).toBe(0);
    const soon = await draft('HT-SOON', { startTime: '2026-01-01', endTime: day(5) });
    const today = await draft('HT-TODAY', { startTime: '2026-01-01', endTime: day(0) });
    const later = await draft('HT-LATER', { startTime: '2026-01-01', endTime: day(30) });
    const past = await draft('HT-PAST', { startTime: '2020-01-01', endTime: day(-3) });
    await draft('HT-SOON-DRAFT', { startTime: '2026-01-01', endTime: day(4) });
    await exec(
      sql`update crm_contract set check_status = 1 where contract_id in (${soon}, ${today}, ${later}, ${past})`,
    );

    const expiring = await sceneList('sunli', 'CrmContract', 'expiring');
    expect(expiring.list.map((r) => r.num).sort()).toEqual(['HT-SOON', 'HT-TODAY']);
    expect(await tile('sunli', 'endContract')).toBe(expiring.totalRow);
    expect((await sceneList('sunli', 'CrmContract', 'expired')).list.map((r) => r.num)).toContain('HT-PAST');
    // Out of scope: zhenghao sees none of sunli's.
    expect(await tile('zhenghao', 'endContract')).toBe(0);
    expect((await sceneList('zhenghao', 'CrmContract', 'expiring')).totalRow).toBe(0);

    expect((await post('admin', '/CrmContract/setContractConfig', { status: 0, contractDay: 10 })).code).toBe(0);
    expect((await sceneList('sunli', 'CrmContract', 'expiring')).totalRow).toBe(0);
    expect(await tile('sunli', 'endContract')).toBe(0);
  });

  it('remindReceivablesPlan = 待回款提醒的: contracts with a plan to remind today, not received', async () => {
    const withPlan = await draft('HT-PLAN-DUE');
    const notYet = await draft('HT-PLAN-LATER');
    const received = await draft('HT-PLAN-PAID');
    const plan = async (contractId: number, remindDate: string, returnDate: string) => {
      const [row] = await queryRows<{ plan_id: number }>(
        t.database.db,
        sql`insert into crm_receivables_plan (num, contract_id, customer_id, money, return_date, remind, remind_date, create_user_id)
            values (1, ${contractId}, ${cid.陈雨桐}, 1000, ${returnDate}, 3, ${remindDate}, ${uid.sunli}) returning plan_id`,
      );
      return Number(row!.plan_id);
    };
    await plan(withPlan, day(-1), day(2));
    await plan(notYet, day(3), day(6));
    const paid = await plan(received, day(-1), day(2));
    await exec(
      sql`update crm_contract set check_status = 1 where contract_id in (${withPlan}, ${notYet}, ${received})`,
    );
    await exec(sql`insert into crm_receivables (number, customer_id, contract_id, plan_id, return_time, money, owner_user_id,
                     create_user_id, batch_id, check_status)
                   values ('HK-PAID', ${cid.陈雨桐}, ${received}, ${paid}, ${day(0)}, 1000, ${uid.sunli}, ${uid.sunli},
                     ${nextBatch()}, 1)`);

    const due = await sceneList('sunli', 'CrmContract', 'planDue');
    expect(due.list.map((r) => r.num)).toEqual(['HT-PLAN-DUE']);
    expect(await tile('sunli', 'remindReceivablesPlan')).toBe(due.totalRow);
    expect(await tile('zhoujie', 'remindReceivablesPlan')).toBe(0);
  });
});

describe('a reviewer outside the data scope', () => {
  let contractId: number;

  it('checkContract = 待我审批的, listing the contract waiting for the approver even outside their scope', async () => {
    const res = await saveContract('sunli', { num: 'HT-REVIEW' }, { checkUserId: uid.zhenghao });
    expect(res.code).toBe(0);
    contractId = res.data.id;
    // zhenghao (销售二部, scope self) does not see sunli's contracts in any other scene.
    const all = await sceneList('zhenghao', 'CrmContract', 'all');
    expect(all.list.map((r) => r.contractId)).not.toContain(contractId);
    const waiting = await sceneList('zhenghao', 'CrmContract', 'toReview');
    expect(waiting.list.map((r) => r.contractId)).toEqual([contractId]);
    expect(await tile('zhenghao', 'checkContract')).toBe(waiting.totalRow);
    expect(await tile('zhoujie', 'checkContract')).toBe(
      (await sceneList('zhoujie', 'CrmContract', 'toReview')).totalRow,
    );
    expect((await sceneList('zhoujie', 'CrmContract', 'toReview')).totalRow).toBe(0);
  });

  it('reads the contract it reviews (read only); an unrelated user outside the scope is refused', async () => {
    const mine = await post('zhenghao', '/CrmContract/queryById', { id: contractId });
    expect(mine.code).toBe(0);
    expect(mine.data.record.num).toBe('HT-REVIEW');
    expect(mine.data.access).toMatchObject({ read: true, write: false });
    expect((await post('zhenghao', '/CrmContract/qureyProductListByContractId', { contractId })).code).toBe(0);
    // Read only: changing the record is still refused.
    expect(
      (await post('zhenghao', '/CrmContract/addMembers', { ids: [contractId], memberIds: [uid.zhenghao] })).msg,
    ).toBe('无权访问');
    expect((await post('zhoujie', '/CrmContract/queryById', { id: contractId })).msg).toBe('无权访问');
    // The review's own calls work for them.
    expect(
      (await post('zhenghao', '/CrmExamineRecord/queryReview', { id: contractId, categoryType: 1 })).data,
    ).toMatchObject({ canAudit: true });
  });

  it('keeps reading it after approving (a past step), and its list scope stays as it was', async () => {
    expect(
      (
        await post('zhenghao', '/CrmExamineRecord/auditExamine', {
          id: contractId,
          categoryType: 1,
          status: 1,
          remarks: '',
        })
      ).code,
    ).toBe(0);
    expect((await post('zhenghao', '/CrmContract/queryById', { id: contractId })).code).toBe(0);
    expect((await sceneList('zhenghao', 'CrmContract', 'toReview')).totalRow).toBe(0);
    expect(await tile('zhenghao', 'checkContract')).toBe(0);
    const all = await sceneList('zhenghao', 'CrmContract', 'all');
    expect(all.list.map((r) => r.contractId)).not.toContain(contractId);
  });

  it('a receivable: the approver reads it and counts it (checkReceivables = 待我审批的), others are refused', async () => {
    const res = await post('sunli', '/CrmReceivables/saveOrUpdate', {
      entity: {
        number: 'HK-REVIEW',
        customerId: cid.陈雨桐,
        contractId,
        returnTime: day(0),
        money: '500',
        batchId: nextBatch(),
      },
      field: [],
      checkUserId: uid.zhenghao,
    });
    expect(res.code).toBe(0);
    const id = res.data.id as number;
    const waiting = await sceneList('zhenghao', 'CrmReceivables', 'toReview');
    expect(waiting.list.map((r) => r.receivablesId)).toEqual([id]);
    expect(await tile('zhenghao', 'checkReceivables')).toBe(waiting.totalRow);
    expect((await post('zhenghao', '/CrmReceivables/queryById', { id })).data.access).toMatchObject({
      read: true,
      write: false,
    });
    expect((await post('zhoujie', '/CrmReceivables/queryById', { id })).msg).toBe('无权访问');
    expect((await sceneList('zhenghao', 'CrmReceivables', 'all')).list.map((r) => r.receivablesId)).not.toContain(id);
  });
});
