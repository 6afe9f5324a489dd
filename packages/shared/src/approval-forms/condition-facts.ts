import {
  type ConditionFactSource,
  type ConditionFacts,
  type FactDefinition,
  readFacts,
} from '../approval/conditions.ts';
import { expenseSum } from './expense.ts';
import { leaveTypeName, leaveTypes } from './leave.ts';

/**
 * What each dedicated type offers to conditional steps (docs/adding-an-approval-type.md): leave
 * days and type, an expense form's total, a forecast's amount, a planning requirement's count,
 * the card-reissue mode. The server reads them from the checked block at submit and resubmit,
 * and from the half-filled form for the live flow preview: so each reader copes with missing
 * parts (a missing fact lets the step apply). A plain declaration by type key: nothing registers
 * it, so the server, the web and every test read the same map from the moment it is imported.
 */
const num = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** A type's source, its reader checked against the block's shape where it is declared. */
const source = <Form>(s: ConditionFactSource<Form>) => s as ConditionFactSource;

const expenseTotal = source<{ money?: unknown }[]>({
  facts: [{ key: 'money', label: '金额', kind: 'number' }],
  read: (lines) => (Array.isArray(lines) && lines.length ? { money: expenseSum(lines) } : {}),
});

/** The dedicated types' fact sources, by type key (`examineForms`' `type`). */
export const examineFormFacts: Readonly<Record<string, ConditionFactSource>> = {
  leave: source<{ leaveType: number; duration: number }>({
    facts: [
      { key: 'duration', label: '请假天数', kind: 'number' },
      { key: 'leaveType', label: '请假类型', kind: 'choice', options: leaveTypes.map((t) => t.name) },
    ],
    read: (m) => ({
      duration: num(m?.duration),
      leaveType: m?.leaveType ? leaveTypeName(Number(m.leaveType)) : undefined,
    }),
  }),
  travel: expenseTotal,
  reserveFund: expenseTotal,
  payment: expenseTotal,
  administrative: expenseTotal,
  predict: source<{ predictTurnover: unknown }>({
    facts: [{ key: 'money', label: '预估金额', kind: 'number' }],
    read: (m) => ({ money: num(m?.predictTurnover) }),
  }),
  planningDemand: source<{ count: unknown }>({
    facts: [{ key: 'count', label: '数量', kind: 'number' }],
    read: (m) => ({ count: num(m?.count) }),
  }),
  cardReplacement: source<{ cardReplacementMode: string }>({
    facts: [{ key: 'cardReplacementMode', label: '补卡模式', kind: 'choice', options: ['on', 'off'] }],
    read: (m) => ({ cardReplacementMode: m?.cardReplacementMode || undefined }),
  }),
};

/** The facts each dedicated type offers the flow editor, by type key (derived from the sources). */
export const dedicatedConditionFacts: Readonly<Record<string, FactDefinition[]>> = Object.fromEntries(
  Object.entries(examineFormFacts).map(([type, s]) => [type, s.facts]),
);

/** The facts a dedicated type's block gives its conditions (none for a designed category's type). */
export const factsOfType = (type: string, block: unknown): ConditionFacts =>
  readFacts(Object.hasOwn(examineFormFacts, type) ? examineFormFacts[type] : undefined, block);
