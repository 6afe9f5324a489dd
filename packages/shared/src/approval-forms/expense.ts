import { z } from 'zod';
import { optionalId } from '../schemas/fields.ts';
import { day, money, text } from './rules.ts';

/**
 * The expense family (差旅报销, 备用金审批, 付款审批, 行政费用报销): one form whose lines depend
 * on the type. Each line carries an amount; the total is their sum.
 */
export const ExpenseMsg = {
  contentRequired: '请输入审批内容',
  moneyRequired: '请输入金额',
  moneyNumber: '请输入数字值',
  dateRequired: '请选择日期',
  useDateRequired: '请选择使用日期',
  returnDateRequired: '请选择归还日期',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  causeRequired: '请输入事由',
  payeeRequired: '请输入收款单位',
  bankAccountRequired: '请输入银行账户',
  bankDepositRequired: '请输入开户行',
  endAddressRequired: '请输入目的地',
  vehicleRequired: '请输入交通工具',
  detailRequired: '请输入费用明细',
  linesRequired: '请添加至少一条明细',
  tooManyLines: '明细不能超过50条',
  lineDeleted: '删除明细成功',
  returnBeforeUse: '归还日期不能早于使用日期',
  endBeforeStart: '结束时间不能早于开始时间',
} as const;

const amount = money(ExpenseMsg.moneyRequired, ExpenseMsg.moneyNumber);
const description = (msg: string) => text('费用明细', 200, msg, true);

/** 差旅报销 line (oaExamineTravels). */
export const travelLineSchema = z
  .object({
    vehicle: text('交通工具', 20, ExpenseMsg.vehicleRequired),
    endAddress: text('目的地', 50, ExpenseMsg.endAddressRequired),
    startTime: day(ExpenseMsg.startRequired),
    endTime: day(ExpenseMsg.endRequired),
    money: amount,
    description: description(ExpenseMsg.detailRequired),
  })
  .refine((l) => l.endTime >= l.startTime, { path: ['endTime'], error: ExpenseMsg.endBeforeStart });

/** 备用金审批 line (oaExamineReserveFunds). */
export const reserveFundLineSchema = z
  .object({
    money: amount,
    cause: text('事由', 200, ExpenseMsg.causeRequired, true),
    useDate: day(ExpenseMsg.useDateRequired),
    returnDate: day(ExpenseMsg.returnDateRequired),
  })
  .refine((l) => l.returnDate >= l.useDate, { path: ['returnDate'], error: ExpenseMsg.returnBeforeUse });

/** 付款审批 line (oaExaminePayments). */
export const paymentLineSchema = z.object({
  money: amount,
  payTime: day(ExpenseMsg.dateRequired),
  cause: text('事由', 200, ExpenseMsg.causeRequired, true),
  payee: text('收款单位', 50, ExpenseMsg.payeeRequired),
  bankAccount: text('银行账户', 30, ExpenseMsg.bankAccountRequired),
  bankDeposit: text('开户行', 50, ExpenseMsg.bankDepositRequired),
});

/** 行政费用报销 line (oaExamineAdministratives). */
export const administrativeLineSchema = z.object({
  money: amount,
  detail: description(ExpenseMsg.detailRequired),
  recordDate: day(ExpenseMsg.dateRequired),
});

const lines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: ExpenseMsg.linesRequired })
    .min(1, { error: ExpenseMsg.linesRequired })
    .max(50, { error: ExpenseMsg.tooManyLines });

export const expenseKinds = {
  travel: { title: '差旅报销', line: travelLineSchema },
  reserveFund: { title: '备用金审批', line: reserveFundLineSchema },
  payment: { title: '付款审批', line: paymentLineSchema },
  administrative: { title: '行政费用报销', line: administrativeLineSchema },
} as const;
export type ExpenseKind = keyof typeof expenseKinds;

export const travelSchema = lines(travelLineSchema);
export const reserveFundSchema = lines(reserveFundLineSchema);
export const paymentSchema = lines(paymentLineSchema);
export const administrativeSchema = lines(administrativeLineSchema);

/** The total of an expense form: the sum of its lines, to the fen (blank or invalid lines count 0). */
export function expenseSum(rows: { money?: unknown }[]): number {
  const cents = rows.reduce((s, r) => {
    const n = typeof r.money === 'number' ? r.money : Number(r.money);
    return s + (Number.isFinite(n) && r.money !== '' && r.money !== null ? Math.round(n * 100) : 0);
  }, 0);
  return cents / 100;
}

/** Payee labels (OaExamineBankLabel): saved payees the payment form fills in from. */
export const BankLabelMsg = {
  saved: '保存成功',
  updated: '修改成功',
  removed: '删除成功',
  payee: '请输入收款单位',
  bankCard: '请输入银行账户',
  bankOfDeposit: '请输入开户行',
  notFound: '收款标签不存在',
} as const;

/** Each of payee, account and bank longer than one character. */
const labelText = (label: string, max: number, msg: string) =>
  text(label, max, msg).refine((s) => s.length > 1, { error: msg });

export const bankLabelSaveSchema = z.object({
  id: optionalId(BankLabelMsg.notFound),
  payee: labelText('收款单位', 50, BankLabelMsg.payee),
  bankCard: labelText('银行账户', 30, BankLabelMsg.bankCard),
  bankOfDeposit: labelText('开户行', 50, BankLabelMsg.bankOfDeposit),
});
export type BankLabelSaveInput = z.infer<typeof bankLabelSaveSchema>;
