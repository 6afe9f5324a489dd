/**
 * Conditional steps: a step of a fixed flow may apply only when a condition on the form holds
 * (amount above a threshold, leave longer than N days, the applicant's department in a set, a
 * select field's value). Pure: the server and the flow preview evaluate the same way.
 */

export const conditionOps = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'in', 'notIn'] as const;
export type ConditionOp = (typeof conditionOps)[number];
export const numericOps: readonly ConditionOp[] = ['gt', 'gte', 'lt', 'lte'];

/** The fact naming the applicant's department; its value is the department and its ancestors. */
export const APPLICANT_DEPT = 'applicantDept';

export type ConditionValue = number | string | (number | string)[];

/**
 * `fact` is a designed field's name (a custom category), a key a dedicated type exposes
 * (`money`, `duration`, `leaveType`, …: see dedicatedConditionFacts) or `applicantDept`.
 */
export type StepCondition = { fact: string; op: ConditionOp; value: ConditionValue };

export type FactValue = number | string | boolean | (number | string)[] | null | undefined;
/** What the form says, by fact key, at submission. */
export type ConditionFacts = Record<string, FactValue>;

/** met: the step applies; unmet: skipped; missing: the form has no such value (the step applies). */
export type ConditionOutcome = 'met' | 'unmet' | 'missing';

const isBlank = (v: FactValue) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const asList = (v: ConditionValue | FactValue): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined).map((x) => String(x).trim());

/** A number written the way forms write them ("3,999.00", " 12 "), or null. */
export function factNumber(v: FactValue | ConditionValue): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const text = v.replace(/,/g, '').trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function evaluateCondition(c: StepCondition, facts: ConditionFacts): ConditionOutcome {
  const v = facts[c.fact];
  if (isBlank(v)) return 'missing';
  if (numericOps.includes(c.op)) {
    const n = Array.isArray(v) ? null : factNumber(v as FactValue);
    const limit = Array.isArray(c.value) ? null : factNumber(c.value);
    if (n === null || limit === null) return 'missing';
    const holds = c.op === 'gt' ? n > limit : c.op === 'gte' ? n >= limit : c.op === 'lt' ? n < limit : n <= limit;
    return holds ? 'met' : 'unmet';
  }
  // eq/in: any of the answer's values (a checkbox has several) among the condition's values.
  const answer = asList(v as ConditionValue);
  const wanted = new Set(asList(c.value));
  const any = answer.some((a) => wanted.has(a));
  const holds = c.op === 'eq' || c.op === 'in' ? any : !any;
  return holds ? 'met' : 'unmet';
}

/** Whether a step applies: no condition, a condition that holds, or one the form cannot answer (fail safe: never lose an approver to an empty value). */
export const stepApplies = (condition: StepCondition | undefined | null, facts: ConditionFacts) =>
  !condition || evaluateCondition(condition, facts) !== 'unmet';

/** Facts of a designed (dynamic) form: each field's answer by its field name. */
export function fieldFacts(
  fields: { fieldName?: string | null; formType: string }[],
  values: Record<string, unknown>,
): ConditionFacts {
  const facts: ConditionFacts = {};
  for (const f of fields) {
    if (!f.fieldName || !CONDITION_FORM_TYPES.has(f.formType)) continue;
    const v = values[f.fieldName];
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') facts[f.fieldName] = v;
    else if (Array.isArray(v)) facts[f.fieldName] = v.filter((x) => typeof x === 'string' || typeof x === 'number');
  }
  return facts;
}

/** Field types a condition may read: numbers (compared) and choices (matched). */
export const CONDITION_NUMBER_TYPES = new Set(['number', 'floatnumber']);
export const CONDITION_CHOICE_TYPES = new Set(['select', 'checkbox', 'text']);
export const CONDITION_FORM_TYPES = new Set([...CONDITION_NUMBER_TYPES, ...CONDITION_CHOICE_TYPES]);

/** A fact a dedicated type offers to conditions: its key, its label in the flow editor, its kind. */
export type FactDefinition = {
  key: string;
  label: string;
  kind: 'number' | 'choice';
  /** Choices to offer in the flow editor (a choice fact). */
  options?: string[];
};

/**
 * How a dedicated approval type plugs into conditional steps: the facts it declares (offered in
 * the flow editor) and a function reading them from its submitted form block. The server calls
 * `read` with the type's block at submit and resubmit (docs/adding-an-approval-type.md).
 */
export type ConditionFactSource<Form = unknown> = {
  facts: FactDefinition[];
  read: (form: Form) => ConditionFacts;
};

/**
 * The facts a dedicated type's source reads from its block: none without a source or a block (a
 * missing fact lets its conditional step apply, see stepApplies). The dedicated types' sources are
 * declared in approval-forms/condition-facts.ts.
 */
export function readFacts(source: ConditionFactSource | undefined, block: unknown): ConditionFacts {
  return source && block !== undefined && block !== null ? source.read(block) : {};
}
