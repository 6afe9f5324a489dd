import { registerConditionFacts } from '../approval/conditions.ts';
import { expenseSum } from './expense.ts';
import { leaveTypeName, leaveTypes } from './leave.ts';

/**
 * What each dedicated type offers to conditional steps (docs/adding-an-approval-type.md): leave
 * days and type, an expense form's total, a forecast's amount, a planning requirement's count,
 * the card-reissue mode. The server reads them from the checked block at submit and resubmit,
 * and from the half-filled form for the live flow preview: so each reader copes with missing
 * parts (a missing fact lets the step apply).
 */
const num = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
/**
 * Registers the readers (once). The server calls it where it evaluates conditions: a module whose
 * only effect is registering would be dropped by the bundlers (the package is side-effect free).
 */
let registered = false;
export function registerExamineFormFacts(): void {
  if (registered) return;
  registered = true;
  registerConditionFacts<{ leaveType: number; duration: number }>('leave', {
    facts: [
      { key: 'duration', label: '请假天数', kind: 'number' },
      { key: 'leaveType', label: '请假类型', kind: 'choice', options: leaveTypes.map((t) => t.name) },
    ],
    read: (m) => ({
      duration: num(m?.duration),
      leaveType: m?.leaveType ? leaveTypeName(Number(m.leaveType)) : undefined,
    }),
  });

  for (const type of ['travel', 'reserveFund', 'payment', 'administrative'])
    registerConditionFacts<{ money?: unknown }[]>(type, {
      facts: [{ key: 'money', label: '金额', kind: 'number' }],
      read: (lines) => (Array.isArray(lines) && lines.length ? { money: expenseSum(lines) } : {}),
    });

  registerConditionFacts<{ predictTurnover: unknown }>('predict', {
    facts: [{ key: 'money', label: '预估金额', kind: 'number' }],
    read: (m) => ({ money: num(m?.predictTurnover) }),
  });

  registerConditionFacts<{ count: unknown }>('planningDemand', {
    facts: [{ key: 'count', label: '数量', kind: 'number' }],
    read: (m) => ({ count: num(m?.count) }),
  });

  registerConditionFacts<{ cardReplacementMode: string }>('cardReplacement', {
    facts: [{ key: 'cardReplacementMode', label: '补卡模式', kind: 'choice', options: ['on', 'off'] }],
    read: (m) => ({ cardReplacementMode: m?.cardReplacementMode || undefined }),
  });
}
