import { systemSceneIds } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * Contracts, receivables and plans (docs/api/contracts.md, docs/api/receivables.md) on the demo
 * data: sunli (销售, scope self) owns 林婉清 and 陈雨桐; zhenghao (销售二部) another team's;
 * chenjing (财务) approves; huangmin has no CRM permission. The review flows are the system
 * categories 合同审核 / 回款审核 (授权审批人 until an administrator sets steps).
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let cid: Record<string, number>;
let batch = 0;
const nextBatch = () => `contract-test-${++batch}`;

const contractBody = (over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  entity: {
    num: `HT-${batch + 1}`,
    name: '年度护理套餐',
    customerId: cid.陈雨桐,
    money: '12800.50',
    startTime: '2026-11-01',
    endTime: '2027-10-31',
    batchId: nextBatch(),
    ...over,
  },
  field: [],
  ...extra,
});

const saveContract = (who: string, over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  post(who, '/CrmContract/saveAndUpdate', contractBody(over, extra));
const contract = async (id: number) =>
  (await post('admin', '/CrmContract/queryById', { id })).data.record as Record<string, unknown>;
const audit = (who: string, id: number, status: 1 | 2 | 4, categoryType: 1 | 2 = 1, remarks = '') =>
  post(who, '/CrmExamineRecord/auditExamine', { id, categoryType, status, remarks });

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhenghao', 'chenjing', 'huangmin']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('CrmContract/saveAndUpdate', () => {
  it.each([
    [{ num: '' }, '合同编号不能为空'],
    [{ name: ' ' }, '合同名称不能为空'],
    [{ customerId: '' }, '客户名称不能为空'],
    [{ money: '' }, '合同金额不能为空'],
    [{ money: '1.234' }, '货币的整数部分须少于10位，小数部分须少于2位'],
    [{ money: '12345678901' }, '货币的整数部分须少于10位，小数部分须少于2位'],
    [{ startTime: '2026-13-01' }, '日期格式有误'],
    [{ startTime: '2026-11-02', endTime: '2026-11-01' }, '合同结束时间不能早于开始时间'],
  ])('refuses %j with %s', async (over, msg) => {
    const res = await saveContract('sunli', over);
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('saves a draft (checkStatus 5) without an approver, and its number is unique', async () => {
    const res = await saveContract('sunli', { num: 'HT-DRAFT', checkStatus: 5 });
    expect(res.code).toBe(0);
    const row = await contract(res.data.id);
    expect(row).toMatchObject({ num: 'HT-DRAFT', checkStatus: 5, money: 12800.5, customerName: '陈雨桐' });
    const again = await saveContract('sunli', { num: 'HT-DRAFT', checkStatus: 5 });
    expect(again.msg).toBe('合同编号已存在');
  });

  it('one record for a double click (same batch)', async () => {
    const body = contractBody({ num: 'HT-DOUBLE', checkStatus: 5 });
    const [a, b] = await Promise.all([
      post('sunli', '/CrmContract/saveAndUpdate', body),
      post('sunli', '/CrmContract/saveAndUpdate', body),
    ]);
    expect(a.data.id).toBe(b.data.id);
  });

  it('one record for many concurrent double clicks (each a new number)', async () => {
    for (let i = 0; i < 15; i += 1) {
      const body = contractBody({ num: `HT-RACE-${i}`, checkStatus: 5 });
      const [a, b] = await Promise.all([
        post('sunli', '/CrmContract/saveAndUpdate', body),
        post('sunli', '/CrmContract/saveAndUpdate', body),
      ]);
      expect([a.code, b.code, a.msg, b.msg]).toEqual([0, 0, a.msg, b.msg]);
      expect(b.data.id).toBe(a.data.id);
    }
  });

  it('one record for a late second click of the same batch', async () => {
    const body = contractBody({ num: 'HT-LATE', checkStatus: 5 });
    const a = await post('sunli', '/CrmContract/saveAndUpdate', body);
    const b = await post('sunli', '/CrmContract/saveAndUpdate', body);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
  });

  it('asks for the approver of a chosen-approver flow when submitting', async () => {
    const res = await saveContract('sunli', { num: 'HT-NOAPPROVER' });
    expect(res.msg).toBe('请选择审批人');
  });

  it('refuses without a flow, a stranger customer, without permission', async () => {
    await t.database.db.execute(sql`update oa_examine_category set status = 0 where type = 'crm_contract'`);
    expect((await saveContract('sunli', { num: 'HT-NOFLOW' }, { checkUserId: uid.chenjing })).msg).toBe(
      '没有启动的审核步骤，不能添加！',
    );
    await t.database.db.execute(sql`update oa_examine_category set status = 1 where type = 'crm_contract'`);
    expect((await saveContract('zhenghao', { num: 'HT-OTHER', checkStatus: 5 })).msg).toBe('无权访问');
    expect((await saveContract('huangmin', { num: 'HT-NONE', checkStatus: 5 })).msg).toBe('无权访问');
    expect((await saveContract('sunli', { num: 'HT-NOCUST', customerId: 999999, checkStatus: 5 })).msg).toBe(
      '客户不存在',
    );
  });
});

describe('the contract review life cycle', () => {
  let id: number;

  it('submits a draft, refuses edits under review, withdraws, edits, resubmits', async () => {
    const draft = await saveContract('sunli', { num: 'HT-LIFE', checkStatus: 5 });
    id = draft.data.id;
    const submit = (over: Record<string, unknown> = {}) =>
      post('sunli', '/CrmContract/saveAndUpdate', {
        ...contractBody({ num: 'HT-LIFE', contractId: id, ...over }),
        checkUserId: uid.chenjing,
      });
    // Two submits at once: one goes to review, the other finds it under review.
    const both = await Promise.all([submit(), submit()]);
    expect(both.map((r) => r.code === 0).sort()).toEqual([false, true]);
    expect(both.find((r) => r.code !== 0)?.msg).toBe('不能编辑，请先撤回再编辑！');
    expect((await contract(id)).checkStatus).toBe(0);
    const [tasks] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from examine_task t join examine_record e on e.record_id = t.record_id
          where e.subject_type = 'contract' and e.subject_id = ${id} and t.status = 'pending'`,
    );
    expect(Number(tasks!.n)).toBe(1);
    expect((await submit({ name: '改名' })).msg).toBe('不能编辑，请先撤回再编辑！');
    expect((await post('chenjing', '/CrmBackLog/num', {})).data.checkContract).toBeGreaterThanOrEqual(1);
    const review = await post('chenjing', '/CrmExamineRecord/queryReview', { id, categoryType: 1 });
    expect(review.data).toMatchObject({ canAudit: true, canWithdraw: false, status: 0 });
    const flow = await post('sunli', '/OaExamine/queryExamineFlowInfo', { id, categoryType: 1 });
    expect(flow.data).toMatchObject({ examineType: 2, examineUser: uid.chenjing });

    expect((await audit('zhenghao', id, 1)).code).not.toBe(0);
    expect((await audit('sunli', id, 4, 1, '改金额')).code).toBe(0);
    expect((await contract(id)).checkStatus).toBe(4);
    expect((await submit({ money: '9000', checkStatus: 5 })).code).toBe(0);
    expect((await contract(id)).checkStatus).toBe(5);
    expect((await submit({ money: '9000' })).code).toBe(0);
    expect((await contract(id)).checkStatus).toBe(0);
  });

  it('rejects, resubmits, approves; the customer becomes closed-deal', async () => {
    expect((await audit('chenjing', id, 2, 1, '')).code).not.toBe(0);
    expect((await audit('chenjing', id, 2, 1, '金额不对')).code).toBe(0);
    expect((await contract(id)).checkStatus).toBe(2);
    const resubmit = await post('sunli', '/CrmContract/saveAndUpdate', {
      ...contractBody({ num: 'HT-LIFE', contractId: id, money: '10000' }),
      checkUserId: uid.chenjing,
    });
    expect(resubmit.code).toBe(0);
    expect((await audit('chenjing', id, 1)).code).toBe(0);
    expect(await contract(id)).toMatchObject({
      checkStatus: 1,
      money: 10000,
      receivedMoney: 0,
      unreceivedMoney: 10000,
    });
    expect((await audit('sunli', id, 4, 1, '撤回')).code).not.toBe(0);
    const [customer] = await queryRows<{ deal_status: number }>(
      t.database.db,
      sql`select deal_status from crm_customer where customer_id = ${cid.陈雨桐}`,
    );
    expect(Number(customer!.deal_status)).toBe(1);
    const edit = await post('sunli', '/CrmContract/saveAndUpdate', {
      ...contractBody({ num: 'HT-LIFE', contractId: id }),
      checkUserId: uid.chenjing,
    });
    expect(edit.msg).toBe('不能编辑，请先撤回再编辑！');
  });

  it('plans: numbered per contract, listed, free ones offered', async () => {
    const plan = (money: string) =>
      post('sunli', '/Crm/ReceivablesPlan/saveAndUpdate', {
        contractId: id,
        money,
        returnDate: '2026-12-01',
        remind: 3,
      });
    expect((await plan('4000')).code).toBe(0);
    expect((await plan('6000')).code).toBe(0);
    expect((await post('sunli', '/Crm/ReceivablesPlan/saveAndUpdate', { contractId: id, money: '' })).msg).toBe(
      '计划回款金额不能为空',
    );
    expect((await post('sunli', '/Crm/ReceivablesPlan/saveAndUpdate', { contractId: id, money: '1' })).msg).toBe(
      '计划回款日期不能为空',
    );
    expect(
      (
        await post('zhenghao', '/Crm/ReceivablesPlan/saveAndUpdate', {
          contractId: id,
          money: '1',
          returnDate: '2026-12-01',
        })
      ).msg,
    ).toBe('无权访问');
    const plans = await post('sunli', '/CrmContract/qureyReceivablesPlanListByContractId', { contractId: id });
    expect(plans.data.list.map((p: { num: number }) => p.num)).toEqual([1, 2]);
    const free = await post('sunli', '/CrmContract/queryReceivablesPlansByContractId', { contractId: id });
    expect(free.data.map((p: { num: number }) => p.num)).toEqual([1, 2]);
  });

  it('receivables: only on approved contracts of the customer; their review; received money', async () => {
    const free = (await post('sunli', '/CrmContract/queryReceivablesPlansByContractId', { contractId: id })).data;
    const planId = free[0].planId;
    const body = (over: Record<string, unknown> = {}) => ({
      entity: {
        number: 'HK-1',
        customerId: cid.陈雨桐,
        contractId: id,
        planId,
        returnTime: '2026-11-20',
        money: '4000',
        returnType: '微信支付',
        batchId: nextBatch(),
        ...over,
      },
      field: [],
      checkUserId: uid.chenjing,
    });
    const draftContract = await saveContract('sunli', { num: 'HT-STILLDRAFT', checkStatus: 5 });
    const save = (over: Record<string, unknown> = {}) => post('sunli', '/CrmReceivables/saveOrUpdate', body(over));
    expect((await save({ contractId: draftContract.data.id, planId: undefined })).msg).toBe('只能选择审核通过的合同');
    expect((await save({ customerId: cid.林婉清 })).msg).toBe('合同不属于所选客户');
    expect((await save({ money: '' })).msg).toBe('回款金额不能为空');
    expect((await save({ returnTime: '' })).msg).toBe('回款日期不能为空');
    expect((await save({ number: '' })).msg).toBe('回款编号不能为空');
    expect((await save({ contractId: '' })).msg).toBe('合同不能为空');
    const first = await save();
    expect(first.code).toBe(0);
    const rid = first.data.id;
    expect((await save({ number: 'HK-2' })).msg).toBe('该回款计划已有回款');
    expect(
      (
        await post('sunli', '/Crm/ReceivablesPlan/saveAndUpdate', {
          planId,
          contractId: id,
          money: '1',
          returnDate: '2026-12-01',
        })
      ).msg,
    ).toBe('该回款计划已有回款，不能修改或删除');
    expect((await post('sunli', '/Crm/ReceivablesPlan/deleteByIds', { ids: [planId] })).code).not.toBe(0);
    // Pending receivables do not count as received.
    expect((await contract(id)).receivedMoney).toBe(0);
    // Editing needs crm:receivables:update (销售 has save only); an editor still waits for the review.
    expect((await save({ receivablesId: rid, money: '4100' })).msg).toBe('无权访问');
    const edit = await post('admin', '/CrmReceivables/saveOrUpdate', body({ receivablesId: rid, money: '4100' }));
    expect(edit.msg).toBe('不能编辑，请先撤回再编辑！');
    expect((await audit('chenjing', rid, 1, 2)).code).toBe(0);
    const r = (await post('sunli', '/CrmReceivables/queryById', { id: rid })).data.record;
    expect(r).toMatchObject({ checkStatus: 1, contractNum: 'HT-LIFE', customerName: '陈雨桐', planNum: 1 });
    expect(await contract(id)).toMatchObject({ receivedMoney: 4000, unreceivedMoney: 6000 });
    const list = await post('sunli', '/CrmContract/qureyReceivablesListByContractId', { contractId: id });
    expect(list.data.totalRow).toBe(1);
    expect((await post('sunli', '/CrmCustomer/queryReceivables', { customerId: cid.陈雨桐 })).data.totalRow).toBe(1);
    expect((await post('sunli', '/CrmCustomer/queryReceivablesPlan', { customerId: cid.陈雨桐 })).data.totalRow).toBe(
      2,
    );
    const contracts = await post('sunli', '/CrmCustomer/queryContract', { customerId: cid.陈雨桐 });
    expect(contracts.data.list.map((c: { num: string }) => c.num)).toContain('HT-LIFE');
    expect((await post('zhenghao', '/CrmCustomer/queryContract', { customerId: cid.陈雨桐 })).msg).toBe('无权访问');
  });

  it('a tab of related contracts lists all the viewer may see, whatever their default contract scene', async () => {
    // The administrator owns no contract; with 我负责的 as their default scene the contract list is
    // empty, but the customer's 合同 tab still shows its contracts.
    expect((await post('admin', '/CrmContract/setDefaultScene', { sceneId: systemSceneIds.mine })).code).toBe(0);
    expect((await post('admin', '/CrmContract/queryPageList', { page: 1, limit: 10 })).data.totalRow).toBe(0);
    const tab = await post('admin', '/CrmCustomer/queryContract', { customerId: cid.陈雨桐 });
    expect(tab.data.list.map((c: { num: string }) => c.num)).toContain('HT-LIFE');
    expect((await post('admin', '/CrmContract/setDefaultScene', { sceneId: systemSceneIds.all })).code).toBe(0);
  });

  it('refuses deleting a customer with contracts', async () => {
    expect((await post('admin', '/CrmCustomer/deleteByIds', { ids: [cid.陈雨桐] })).msg).toBe(
      '该客户下有合同，不能删除',
    );
  });

  it('refuses deleting a contract with receivables; deletes one without', async () => {
    expect((await post('admin', '/CrmContract/deleteByIds', { ids: [id] })).msg).toBe('该合同已有回款，不能删除');
    const other = await saveContract('sunli', { num: 'HT-TODELETE', checkStatus: 5 });
    expect((await post('admin', '/CrmContract/deleteByIds', { ids: [other.data.id] })).code).toBe(0);
    expect((await post('admin', '/CrmContract/queryById', { id: other.data.id })).msg).toBe('合同不存在');
  });

  it('discards approved contracts only (作废, 6)', async () => {
    const draft = await saveContract('sunli', { num: 'HT-DISCARD', checkStatus: 5 });
    expect((await post('admin', '/CrmContract/contractDiscard', { ids: [draft.data.id] })).msg).toBe(
      '只有审核通过的合同才能作废',
    );
    expect((await post('sunli', '/CrmContract/contractDiscard', { ids: [id] })).msg).toBe('无权访问');
    expect((await post('admin', '/CrmContract/contractDiscard', { ids: [id] })).code).toBe(0);
    expect((await contract(id)).checkStatus).toBe(6);
  });
});

describe('a fixed review flow', () => {
  it('runs the configured steps without a chosen approver; the form sees 固定审批流', async () => {
    await t.database.db.execute(
      sql`update oa_examine_category set examine_type = 1,
            steps = ${JSON.stringify([{ stepType: 2, userIds: [uid.chenjing] }])}::jsonb
          where type = 'crm_contract'`,
    );
    const flow = await post('sunli', '/OaExamine/queryExamineFlowInfo', { categoryType: 1 });
    expect(flow.data).toMatchObject({
      examineType: 1,
      examineSteps: [{ stepType: 2, userList: [{ realname: '陈静' }] }],
    });
    const res = await saveContract('sunli', { num: 'HT-FIXED' });
    expect(res.code).toBe(0);
    expect((await contract(res.data.id)).checkStatus).toBe(0);
    expect(
      (await post('chenjing', '/CrmExamineRecord/queryReview', { id: res.data.id, categoryType: 1 })).data.canAudit,
    ).toBe(true);
    expect((await audit('chenjing', res.data.id, 1)).code).toBe(0);
    expect((await contract(res.data.id)).checkStatus).toBe(1);
    // Changing the flow later leaves the started process alone (it keeps its plan).
    await t.database.db.execute(
      sql`update oa_examine_category set examine_type = 2, steps = '[]' where type = 'crm_contract'`,
    );
    const info = await post('sunli', '/OaExamine/queryExamineFlowInfo', { id: res.data.id, categoryType: 1 });
    expect(info.data.examineType).toBe(1);
  });
});

describe("contracts in an approval's related-business block", () => {
  it('links contracts the applicant may read, refuses others', async () => {
    const cats = await post('sunli', '/OaExamineCategory/queryCategoryGroups', {});
    const general = cats.data
      .flatMap((g: { list: { categoryId: number; type: string }[] }) => g.list)
      .find((c: { type: string }) => c.type === 'general').categoryId;
    const mine = await saveContract('sunli', { num: 'HT-RELATED', checkStatus: 5 });
    const theirs = await saveContract('admin', { num: 'HT-ADMINS', checkStatus: 5 });
    const submit = (contractIds: string) =>
      post('sunli', '/OaExamine/setOaExamine', {
        oaExamine: { categoryId: general, content: '合同用印', detail: '盖章', batchId: nextBatch() },
        oaExamineRelation: { contractIds },
        checkUserId: [uid.chenjing],
      });
    expect((await submit(String(mine.data.id))).code).toBe(0);
    expect((await submit(String(theirs.data.id))).msg).toBe('无权访问');
  });
});

describe('reading and configuration', () => {
  it('lists contracts with customer name and received money; not found; out of scope', async () => {
    const page = await post('sunli', '/CrmContract/queryPageList', { page: 1, limit: 15 });
    expect(page.code).toBe(0);
    expect(page.data.list[0]).toHaveProperty('customerName');
    expect((await post('sunli', '/CrmContract/queryById', { id: 999999 })).msg).toBe('合同不存在');
    const mine = page.data.list[0].contractId;
    expect((await post('zhenghao', '/CrmContract/queryById', { id: mine })).msg).toBe('无权访问');
    expect((await post('huangmin', '/CrmContract/queryPageList', {})).msg).toBe('无权访问');
    expect((await post('huangmin', '/CrmReceivables/queryPageList', {})).msg).toBe('无权访问');
  });

  it('shows the configured flow before the first submission', async () => {
    const flow = await post('sunli', '/OaExamine/queryExamineFlowInfo', { categoryType: 2 });
    expect(flow.data.examineType).toBe(2);
  });

  it('keeps the review categories out of the approval center', async () => {
    const groups = await post('sunli', '/OaExamineCategory/queryCategoryGroups', {});
    const types = groups.data.flatMap((g: { list: { type: string }[] }) => g.list.map((c) => c.type));
    expect(types).not.toContain('crm_contract');
  });

  it('setContractConfig: the expiry reminder counts contracts ending soon', async () => {
    expect((await post('sunli', '/CrmContract/setContractConfig', { status: 1, contractDay: 7 })).msg).toBe('无权访问');
    expect((await post('admin', '/CrmContract/setContractConfig', { status: 1 })).msg).toBe('提醒天数有误');
    expect((await post('admin', '/CrmContract/setContractConfig', { status: 1, contractDay: 400 })).msg).toBe(
      '提醒天数有误',
    );
    expect((await post('admin', '/CrmContract/setContractConfig', { status: 1, contractDay: 30 })).code).toBe(0);
    const soon = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
    const ending = await saveContract('admin', {
      num: 'HT-ENDING',
      startTime: '2026-01-01',
      endTime: soon,
      checkStatus: 5,
    });
    await t.database.db.execute(sql`update crm_contract set check_status = 1 where contract_id = ${ending.data.id}`);
    expect((await post('admin', '/CrmBackLog/num', {})).data.endContract).toBeGreaterThanOrEqual(1);
    expect((await post('admin', '/CrmContract/queryContractConfig', {})).data).toEqual({ status: 1, contractDay: 30 });
  });
});
