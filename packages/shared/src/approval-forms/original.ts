import type { FormType } from '../fields/field-types.ts';
import { leaveFromOriginal, leaveTypeName, leaveTypes } from './leave.ts';

/**
 * The original WuKong 9.0 client's approval form (issue 20) renders whatever `field/queryField
 * {label: 10, id}` answers and posts the fixed fields (fieldType 1) inside `oaExamine` by their
 * `fieldName`, a 费用明细 (`examine_cause`) list as `oaExamineTravelList`, and custom fields in
 * `field`. For each dedicated type we declare here, once, the fixed fields its form shows and
 * how the posted values become our block (and back, for editing: `OaExamine/getField`); the
 * block is then checked by the type's own schema. Types without an entry are not offered to that
 * client's form (their own submit calls stay).
 */
export type OriginalFixedField = {
  fieldName: string;
  name: string;
  formType: FormType;
  /** 1: required (the original's `isNull`). */
  isNull: 0 | 1;
  setting?: readonly string[];
};

type Posted = Record<string, unknown>;
export type OriginalForm = {
  fields: OriginalFixedField[];
  /** `oaExamine` and `oaExamineTravelList` as posted → the type's block (before its schema). */
  toBlock: (o: Posted, lines: Posted[]) => unknown;
  /** The saved block → the values of `fields` by name (user fields as id lists). */
  toValues: (block: any) => Posted;
};

const content = (name = '审批内容'): OriginalFixedField => ({
  fieldName: 'content',
  name,
  formType: 'text',
  isNull: 1,
});
const remark: OriginalFixedField = { fieldName: 'remark', name: '备注', formType: 'textarea', isNull: 0 };
const money = (name: string): OriginalFixedField => ({ fieldName: 'money', name, formType: 'floatnumber', isNull: 1 });
const dayField = (fieldName: string, name: string): OriginalFixedField => ({
  fieldName,
  name,
  formType: 'date',
  isNull: 1,
});
const textField = (fieldName: string, name: string, formType: FormType = 'text'): OriginalFixedField => ({
  fieldName,
  name,
  formType,
  isNull: 1,
});

/** A day out of the original's `yyyy-MM-dd HH:mm:ss` (its date pickers send the day alone). */
const dayOf = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 10) : v);

/**
 * The fields of 普通审批 (both required, as our form has them) and of an administrator's
 * category (optional: the content defaults to the category's title), before its custom fields.
 */
export const originalGeneralFields = (required: boolean): OriginalFixedField[] => [
  { ...content(), isNull: required ? 1 : 0 },
  { fieldName: 'remark', name: '审批详情', formType: 'textarea', isNull: required ? 1 : 0 },
];

/** One line of 差旅报销 out of an `examine_cause` row: the parts that have an amount name the line. */
function travelLine(row: Posted, vehicle: unknown): Posted {
  const parts = (
    [
      ['交通', row.traffic],
      ['住宿', row.stay],
      ['餐饮', row.diet],
      ['其他', row.other],
    ] as const
  )
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && Number(v) !== 0)
    .map(([k, v]) => `${k}${v}`);
  const description =
    typeof row.description === 'string' && row.description.trim() ? row.description : parts.join('，');
  return {
    vehicle: row.vehicle ?? vehicle,
    endAddress: row.endAddress,
    startTime: dayOf(row.startTime),
    endTime: dayOf(row.endTime),
    money: row.money,
    description,
  };
}

export const originalForms: Partial<Record<string, OriginalForm>> = {
  leave: {
    fields: [
      { fieldName: 'type_id', name: '请假类型', formType: 'select', isNull: 1, setting: leaveTypes.map((t) => t.name) },
      content(),
      { fieldName: 'start_time', name: '开始时间', formType: 'datetime', isNull: 1 },
      { fieldName: 'end_time', name: '结束时间', formType: 'datetime', isNull: 1 },
      { fieldName: 'duration', name: '时长(天)', formType: 'floatnumber', isNull: 1 },
      { fieldName: 'handover_user', name: '工作交接人', formType: 'user', isNull: 1 },
      remark,
    ],
    toBlock: (o) => leaveFromOriginal(o),
    toValues: (b) => ({
      type_id: leaveTypeName(b.leaveType),
      start_time: `${b.startTime} 00:00:00`,
      end_time: `${b.endTime} 00:00:00`,
      duration: b.duration,
      handover_user: [b.handoverUser],
      remark: b.remark ?? '',
    }),
  },
  travel: {
    fields: [
      content('差旅事由'),
      textField('vehicle', '交通工具'),
      { fieldName: 'cause', name: '费用明细', formType: 'examine_cause', isNull: 1 },
      money('报销总金额'),
      remark,
    ],
    toBlock: (o, lines) => lines.map((row) => travelLine(row, o.vehicle)),
    toValues: (lines: Posted[]) => ({
      vehicle: lines[0]?.vehicle ?? '',
      cause: lines.map((l) => ({
        startAddress: '',
        endAddress: l.endAddress,
        startTime: l.startTime,
        endTime: l.endTime,
        vehicle: l.vehicle,
        money: l.money,
        description: l.description,
      })),
      money: lines.reduce((s, l) => s + Number(l.money ?? 0), 0),
    }),
  },
  reserveFund: {
    fields: [
      content('借款事由'),
      money('借款金额（元）'),
      textField('cause', '事由', 'textarea'),
      dayField('use_date', '使用日期'),
      dayField('return_date', '归还日期'),
    ],
    toBlock: (o) => [{ money: o.money, cause: o.cause, useDate: dayOf(o.use_date), returnDate: dayOf(o.return_date) }],
    toValues: ([l]: Posted[]) => ({
      money: l?.money,
      cause: l?.cause,
      use_date: l?.useDate,
      return_date: l?.returnDate,
    }),
  },
  payment: {
    fields: [
      content('付款事由'),
      money('付款金额（元）'),
      dayField('pay_time', '付款日期'),
      textField('cause', '事由', 'textarea'),
      textField('payee', '收款单位'),
      textField('bank_account', '银行账户'),
      textField('bank_deposit', '开户行'),
    ],
    toBlock: (o) => [
      {
        money: o.money,
        payTime: dayOf(o.pay_time),
        cause: o.cause,
        payee: o.payee,
        bankAccount: o.bank_account,
        bankDeposit: o.bank_deposit,
      },
    ],
    toValues: ([l]: Posted[]) => ({
      money: l?.money,
      pay_time: l?.payTime,
      cause: l?.cause,
      payee: l?.payee,
      bank_account: l?.bankAccount,
      bank_deposit: l?.bankDeposit,
    }),
  },
  administrative: {
    fields: [
      content('报销事由'),
      money('报销金额（元）'),
      dayField('record_date', '日期'),
      textField('detail', '费用明细', 'textarea'),
    ],
    toBlock: (o) => [{ money: o.money, recordDate: dayOf(o.record_date), detail: o.detail }],
    toValues: ([l]: Posted[]) => ({ money: l?.money, record_date: l?.recordDate, detail: l?.detail }),
  },
};
