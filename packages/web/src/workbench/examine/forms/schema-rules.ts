import type { ExamineFormDefinition } from '@crm/shared';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

type Path = (string | number)[];
const same = (a: PropertyKey[], b: Path) => a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

/** The first message a schema gives for a value at a path (the whole value when path is []). */
export function issueAt(schema: z.ZodType, value: unknown, path: Path): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  return r.error.issues.find((i) => same(i.path, path))?.message ?? null;
}

/** The first message of the whole block, for the submit (rules across fields, 请完善明细). */
export function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/**
 * An antd rule for one field of a dedicated form from the type's shared schema: the block
 * (`model` in the form) is checked as the server will check it and the message at this field's
 * path is shown, word for word the server's.
 */
export const modelRule =
  (def: ExamineFormDefinition, ...path: Path): FormRule =>
  (form: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: async () => {
      // A block not filled in yet is an empty one: each field then answers its own "required".
      const msg = issueAt(def.model(), form.getFieldValue('model') ?? {}, path);
      if (msg) throw new Error(msg);
    },
  });

/** The approval content's rule of the type (its own message: 请输入审批内容, 请输入审核内容, …). */
export const contentRule = (def: ExamineFormDefinition): FormRule => ({
  validator: async (_: unknown, value: unknown) => {
    if (!def.content) return;
    const msg = firstIssue(def.content, value ?? '');
    if (msg) throw new Error(msg);
  },
});
