import { type FormInstance, message } from 'antd';
import type { Rule } from 'antd/es/form';

/**
 * The forms validate with the same zod schemas the server parses bodies with (`@crm/shared`),
 * so a message shown under a field is the message the server would answer. Typed structurally
 * so the web package needs no direct zod import.
 */
export type SchemaIssue = { path: PropertyKey[]; message: string };
export type SchemaLike<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
};

/** Turns the form's values into the object the schema parses (e.g. a picked user → its id). */
export type ToInput = (values: Record<string, unknown>) => Record<string, unknown>;
const identity: ToInput = (v) => v;

/** The first issue of `field` when the whole form is parsed (cross-field refinements included). */
export function fieldIssue<T>(
  schema: SchemaLike<T>,
  field: string,
  values: Record<string, unknown>,
  toInput: ToInput = identity,
): string | undefined {
  const result = schema.safeParse(toInput(values));
  if (result.success) return undefined;
  return result.error.issues.find((i) => String(i.path[0]) === field)?.message;
}

/** antd `rules` for one field, checked against the schema: `rules={rulesFor('realname')}`. */
export function zodRules<T>(schema: SchemaLike<T>, toInput: ToInput = identity) {
  return (field: string): Rule[] => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const message = fieldIssue(schema, field, getFieldsValue(true), toInput);
        if (message) throw new Error(message);
      },
    }),
  ];
}

/**
 * Validate on submit: run the form's own rules, then parse with the schema and put each issue
 * under its field. Answers the parsed data, or null when something is wrong.
 */
export async function validateWithSchema<T>(
  form: FormInstance,
  schema: SchemaLike<T>,
  toInput: ToInput = identity,
  /** Schema key → form field, where they differ (`ownerUserId` is edited as `owner`). */
  fieldOf: Record<string, string> = {},
): Promise<T | null> {
  try {
    await form.validateFields();
  } catch {
    return null;
  }
  const result = schema.safeParse(toInput(form.getFieldsValue(true)));
  if (result.success) return result.data;
  const byField = new Map<string, string[]>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const name = fieldOf[key] ?? key;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  const known = new Set(Object.keys(form.getFieldsValue()));
  form.setFields([...byField].filter(([name]) => known.has(name)).map(([name, errors]) => ({ name, errors })));
  const unplaced = [...byField].filter(([name]) => !known.has(name)).flatMap(([, errors]) => errors);
  // A key no field shows (a programming slip): say it rather than fail silently.
  if (unplaced.length > 0) message.error(unplaced.join('；'));
  return null;
}
