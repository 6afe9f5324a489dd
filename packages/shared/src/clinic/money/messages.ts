/**
 * The money path's refusals (CLINIC.md "Money rules"), shared by the server's answers and the
 * cashier's form so a person reads the same words at the desk and in an error.
 */
export const MoneyMsg = {
  amountRequired: '请输入{label}',
  amountInvalid: '{label}须为数字，最多两位小数',
  amountNegative: '{label}不能为负数',
  amountNotPositive: '{label}须大于0',
  amountTooLarge: '{label}超出上限',
  methodInvalid: '支付方式有误',
  methodRepeated: '同一支付方式只能使用一次',
  paymentNotPositive: '支付金额须大于0',
  balanceShort: '余额不足',
  principalShort: '本金余额不足',
  giftShort: '赠金余额不足',
  principalFirst: '请先使用本金余额，再使用赠金余额',
  couponShort: '优惠券余额不足',
  overpaid: '实收金额超出应收金额',
  arrearsForbidden: '欠款不允许，请收齐应收金额',
  topUpWithArrears: '顾客有欠款，请还款后充值',
  topUpFromBalance: '充值不能使用余额或优惠券支付',
  topUpEmpty: '请输入充值金额',
  repayTooMuch: '还款金额超出欠款金额',
  refundTooMuch: '退款金额超出可退金额',
  sessionsShort: '剩余次数不足',
  sessionsInvalid: '次数须为正整数',
  orderCharged: '订单已收费',
  splitNotHundred: '销售人员分成合计须为100%',
  splitRateInvalid: '分成比例须为1到100的整数',
  splitRepeated: '同一销售人员只能出现一次',
  splitEmpty: '请选择销售人员',
  poolNotHundred: '划扣角色分成合计须为100%',
  ledgerNegative: '余额不足',
  ledgerKeyReused: '同一幂等键对应的记账内容不一致',
} as const;

/** `{label}` filled in. */
export const moneyMsg = (template: string, label: string) => template.replace('{label}', label);

/** A check's answer: the value, or the first refusal's message. */
export type Checked<T> = { ok: true; value: T } | { ok: false; msg: string };
export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refuse = <T = never>(msg: string): Checked<T> => ({ ok: false, msg });
