import { examineFormOf, examineFormSubmitSchema } from '@crm/shared';
import { createKindRegistry } from '../../crm/records/registry.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { noFiles } from '../../db/demo-kit.ts';
import { examineAction } from './actions.ts';
import { submitExamineForm } from './forms/submit.ts';
import { createSubjectRegistry } from './subjects.ts';

type Fate = 'waiting' | 'approved' | 'rejected' | 'firstLevel';
/** applicant, type, content, block (built from the kit's days), approver levels, fate. */
type DemoApproval = [string, string, string, (kit: DemoKit) => unknown, string[], Fate];

const leave = (type: number, from: number, days: number, handover: string) => (kit: DemoKit) => ({
  leaveType: type,
  startTime: kit.day(from),
  endTime: kit.day(from + days - 1),
  duration: days,
  handoverUser: kit.user(handover),
  remark: '',
});
const travel = (to: string, money: string) => (kit: DemoKit) => [
  {
    vehicle: '高铁',
    endAddress: to,
    startTime: kit.day(-9),
    endTime: kit.day(-7),
    money,
    description: '往返车票及住宿',
  },
  {
    vehicle: '出租车',
    endAddress: to,
    startTime: kit.day(-8),
    endTime: kit.day(-8),
    money: '86',
    description: '市内交通',
  },
];
const payment = (payee: string, money: string, cause: string) => (kit: DemoKit) => [
  {
    money,
    payTime: kit.day(3),
    cause,
    payee,
    bankAccount: '6222020402001234567',
    bankDeposit: '工商银行成都春熙路支行',
  },
];
const reserveFund = (money: string, cause: string) => (kit: DemoKit) => [
  { money, cause, useDate: kit.day(1), returnDate: kit.day(20) },
];
const administrative = (money: string, detail: string) => (kit: DemoKit) => [
  { money, detail, recordDate: kit.day(-3) },
];
const general = (detail: string) => () => ({ detail });

const approvals: DemoApproval[] = [
  // Waiting for each manager persona.
  ['sunli', 'leave', '家中有事请假一天', leave(2, 2, 1, 'zhoujie'), ['zhaoqiang'], 'waiting'],
  ['zhoujie', 'travel', '绵阳门店拜访差旅报销', travel('绵阳', '420'), ['zhaoqiang', 'chenjing'], 'waiting'],
  [
    'zhenghao',
    'payment',
    '重庆门店开业物料款',
    payment('重庆印象广告有限公司', '6800', '开业易拉宝与宣传册'),
    ['wufang'],
    'waiting',
  ],
  ['zhenghao', 'reserveFund', '重庆门店活动备用金', reserveFund('3000', '开业活动现场零星开支'), ['wufang'], 'waiting'],
  ['zhaoqiang', 'travel', '上海医美展会差旅报销', travel('上海', '2380'), ['liming', 'chenjing'], 'waiting'],
  [
    'wufang',
    'general',
    '申请二部增加一名销售编制',
    general('二部客户量增长，现有人手不足，申请增加一名销售代表。'),
    ['liming', 'huangmin'],
    'waiting',
  ],
  [
    'liming',
    'payment',
    '年度CRM系统服务费',
    payment('成都云启软件有限公司', '18000', '客户管理系统年度服务费'),
    ['wangzong', 'chenjing'],
    'waiting',
  ],
  [
    'huangmin',
    'administrative',
    '本月办公用品报销',
    administrative('1260', '打印纸、文具与饮用水'),
    ['wangzong'],
    'waiting',
  ],
  ['yangfan', 'leave', '年假两天回老家', leave(1, 7, 2, 'huangmin'), ['huangmin'], 'waiting'],
  // The first level approved, now with the second (finance, HR).
  ['sunli', 'travel', '德阳客户回访差旅报销', travel('德阳', '260'), ['zhaoqiang', 'chenjing'], 'firstLevel'],
  // Finished.
  ['sunli', 'general', '申请会员沙龙场地', general('本月会员沙龙需要借用总部会议室半天。'), ['zhaoqiang'], 'approved'],
  ['zhoujie', 'leave', '病假一天', leave(3, 0, 1, 'sunli'), ['zhaoqiang'], 'approved'],
  ['zhenghao', 'travel', '重庆出差报销', travel('重庆', '1680'), ['wufang'], 'rejected'],
];

/**
 * Approvals of several types through the real submit (the shared schema, then the same save the
 * API runs) and the engine's actions: waiting for every manager persona (the 待我审批 to-do), some
 * past their first level, some approved or rejected.
 */
export async function seedApprovalsDemo(kit: DemoKit): Promise<void> {
  // OA forms follow their process by themselves: no other approval subject is acted on here.
  const subjects = createSubjectRegistry();
  for (const [i, [applicant, type, content, block, levels, fate]] of approvals.entries()) {
    const def = examineFormOf(type)!;
    const input = examineFormSubmitSchema(def).parse({
      oaExamine: { batchId: `seed-demo-examine-${i + 1}`, content },
      [def.modelKey]: block(kit),
      checkUserId: levels.map((u) => String(kit.user(u))).join(','),
      ccUserId: '',
    });
    const user = await kit.as(applicant);
    // Seeded before any app is built: no kind registered, so no read check of linked records (none are linked).
    const { recordId } = await submitExamineForm(kit.db, noFiles, createKindRegistry(), user, def, input as never);
    const first = kit.user(levels[0]!);
    if (fate === 'approved' || fate === 'firstLevel')
      await examineAction(kit.db, subjects, recordId, { type: 'approve', userId: first, remarks: '同意' });
    if (fate === 'approved' && levels[1])
      await examineAction(kit.db, subjects, recordId, {
        type: 'approve',
        userId: kit.user(levels[1]),
        remarks: '同意',
      });
    if (fate === 'rejected')
      await examineAction(kit.db, subjects, recordId, {
        type: 'reject',
        userId: first,
        remarks: '票据不全，请补齐后重新提交',
      });
  }
}
