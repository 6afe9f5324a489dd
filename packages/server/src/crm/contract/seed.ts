import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { examineAction } from '../../oa/examine/actions.ts';
import { createSubjectRegistry, type SubjectRegistry } from '../../oa/examine/subjects.ts';
import type { DemoOpportunity } from '../business/seed.ts';
import type { DemoCustomerRow } from '../customer/seed.ts';
import type { ServerKind } from '../records/kind.ts';
import { submitReview } from '../records/review.ts';
import { contractServerKind, receivablesServerKind } from './kind.ts';
import { registerContractReviews } from './review.ts';

/** Who reviews a salesperson's contracts: their manager (the review flow lets the applicant choose). */
const reviewerOf: Record<string, string> = {
  sunli: 'zhaoqiang',
  zhoujie: 'zhaoqiang',
  zhenghao: 'wufang',
  zhaoqiang: 'liming',
  wufang: 'liming',
  liming: 'wangzong',
  hexue: 'wangzong',
};
/**
 * Each demo contract: whose it is and what happens to it. Most approved; some waiting for each
 * sales manager and for the director and the general manager; one draft, one rejected.
 */
const demoContracts: [string, 'approved' | 'pending' | 'rejected' | 'draft'][] = [
  ['sunli', 'approved'],
  ['sunli', 'pending'],
  ['zhoujie', 'approved'],
  ['zhenghao', 'approved'],
  ['zhenghao', 'pending'],
  ['sunli', 'draft'],
  ['hexue', 'approved'],
  ['zhaoqiang', 'pending'],
  ['zhoujie', 'rejected'],
  ['liming', 'pending'],
];

/**
 * Contracts, receivable plans and receivables of the living demo (issue 26), reviewed on the
 * approval engine as the app does it (`submitReview`, then the reviewer's approve or reject): the
 * won opportunities' contracts and a few direct ones, some waiting for each sales manager; plans
 * of the approved ones with past periods received, some overdue and some whose reminder day has
 * come (待回款提醒); receivables approved by finance and some waiting for it.
 */
export async function seedContractsDemo(
  kit: DemoKit,
  customers: DemoCustomerRow[],
  opportunities: DemoOpportunity[],
): Promise<void> {
  // The seed runs before any app is built: the reviews' approval subjects (mirroring a decision
  // onto the record) go into a registry of the seed's own, as the app registers them.
  const approvals = createSubjectRegistry();
  registerContractReviews(approvals);
  const rnd = kit.random('contracts');
  const usedOpportunities = new Set<number>();
  const usedCustomers = new Set<number>();
  // The owner's next won opportunity signs; without one, the owner's next customer signs directly.
  const subjects = demoContracts.map(([owner, fate]) => {
    const o = opportunities.find((x) => x.won && x.customer.owner === owner && !usedOpportunities.has(x.id));
    const customer =
      o?.customer ??
      customers.find((c) => c.owner === owner && !usedCustomers.has(c.id)) ??
      customers.find((c) => c.owner === owner)!;
    if (o) usedOpportunities.add(o.id);
    usedCustomers.add(customer.id);
    return { fate, customer, businessId: o?.id ?? null, money: o?.money ?? rnd.int(10, 40) * 1000, name: o?.title };
  });
  for (const [i, s] of subjects.entries()) {
    const owner = s.customer.owner!;
    const ownerId = kit.user(owner);
    const signedAgo = Math.max(3, Math.min(85, s.customer.createdDaysAgo - 1) - i);
    // Short names: the list shows the customer in its own column.
    const name = s.name ? `${s.name}合同` : '年度美肤服务合同';
    const [row] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into crm_contract (num, name, customer_id, business_id, money, order_date, start_time, end_time, remark,
            check_status, owner_user_id, create_user_id, batch_id, search_key, create_time, update_time)
          values (${`HT${kit.day(-signedAgo).slice(2).replaceAll('-', '')}${String(i + 1).padStart(2, '0')}`}, ${name},
            ${s.customer.id}, ${s.businessId}, ${String(s.money)}, ${kit.day(-signedAgo)}, ${kit.day(-signedAgo)},
            ${kit.day(365 - signedAgo)}, '', 5, ${ownerId}, ${ownerId}, ${`seed-demo-contract-${i + 1}`},
            ${pinyinSearchKey(name)}, ${kit.at(-signedAgo, '15:00')}, ${kit.at(-signedAgo, '15:00')})
          returning contract_id as id`,
    );
    const contractId = row!.id;
    if (s.fate === 'draft') continue;
    const reviewer = kit.user(reviewerOf[owner] ?? 'wangzong');
    await review(kit, approvals, contractServerKind, contractId, owner, reviewer, s.fate);
    if (s.fate === 'approved')
      await seedPlansAndReceivables(kit, approvals, i, contractId, s.customer, s.money, signedAgo);
  }
}

/** Submit for review as the owner; then the reviewer approves, rejects, or it waits. */
async function review(
  kit: DemoKit,
  approvals: SubjectRegistry,
  sk: ServerKind,
  id: number,
  owner: string,
  reviewerId: number,
  fate: 'approved' | 'pending' | 'rejected',
) {
  const applicant = await kit.as(owner);
  const { recordId } = await kit.db.transaction((tx) => submitReview(tx, approvals, sk, id, applicant, reviewerId));
  if (fate === 'approved')
    await examineAction(kit.db, approvals, recordId, { type: 'approve', userId: reviewerId, remarks: '同意' });
  if (fate === 'rejected')
    await examineAction(kit.db, approvals, recordId, {
      type: 'reject',
      userId: reviewerId,
      remarks: '折扣超出权限，请调整金额后重新提交',
    });
}

/**
 * Three periods over the contract: the first received (approved, or for every third contract
 * still waiting for finance), the second past its day with nothing received (overdue), the third
 * due within the week with its reminder day come.
 */
async function seedPlansAndReceivables(
  kit: DemoKit,
  approvals: SubjectRegistry,
  n: number,
  contractId: number,
  customer: DemoCustomerRow,
  money: number,
  signedAgo: number,
) {
  const owner = customer.owner!;
  const ownerId = kit.user(owner);
  const part = Math.floor(money / 3);
  const periods = [
    { num: 1, money: part, day: -Math.max(2, signedAgo - 2), remind: 3 },
    { num: 2, money: part, day: -Math.max(1, Math.floor(signedAgo / 3)), remind: 5 },
    { num: 3, money: money - 2 * part, day: 3 + (n % 4), remind: 7 },
  ];
  const planIds: number[] = [];
  for (const p of periods) {
    const [plan] = await queryRows<{ id: number }>(
      kit.db,
      sql`insert into crm_receivables_plan (num, contract_id, customer_id, money, return_date, return_type, remind,
            remind_date, remark, create_user_id, create_time, update_time)
          values (${p.num}, ${contractId}, ${customer.id}, ${String(p.money)}, ${kit.day(p.day)}, '银行转账', ${p.remind},
            ${kit.day(p.day - p.remind)}, '', ${ownerId}, ${kit.at(-signedAgo, '15:30')}, ${kit.at(-signedAgo, '15:30')})
          returning plan_id as id`,
    );
    planIds.push(plan!.id);
  }
  const received = periods[0]!;
  const [rec] = await queryRows<{ id: number }>(
    kit.db,
    sql`insert into crm_receivables (number, customer_id, contract_id, plan_id, return_time, money, return_type, remark,
          check_status, owner_user_id, create_user_id, batch_id, create_time, update_time)
        values (${`HK${kit.day(received.day).replaceAll('-', '')}${String(n + 1).padStart(3, '0')}`}, ${customer.id},
          ${contractId}, ${planIds[0]!}, ${kit.day(received.day)}, ${String(received.money)}, '银行转账', '首期款', 5,
          ${ownerId}, ${ownerId}, ${`seed-demo-receivables-${n + 1}`}, ${kit.at(received.day, '11:00')},
          ${kit.at(received.day, '11:00')})
        returning receivables_id as id`,
  );
  const finance = kit.user(n % 2 ? 'liuyang' : 'chenjing');
  await review(kit, approvals, receivablesServerKind, rec!.id, owner, finance, n % 3 === 2 ? 'pending' : 'approved');
}
