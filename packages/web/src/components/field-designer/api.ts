import type { FieldDefinition, FormType } from '@crm/shared';
import { call } from '@/shell/call';

/** Where a designed field set is saved: an approval category's, or a CRM kind's by module code. */
export type FieldTarget =
  | { type: 'examine'; categoryId: number }
  | { type: 'crm'; label: number }
  // Declaration forms (issue 25, h-decl): a set the caller saves with its own record, of these types.
  | { type: 'draft'; types: FormType[] };

/** Replace the fields of an approval category; answers them with their keys (`field_<n>`). */
export const saveExamineFields = (categoryId: number, fields: FieldDefinition[]) =>
  call('/field/examineFieldSave', { categoryId, fields }, { json: true });

/** Replace the fields of a CRM kind (fixed ones included, in order); answers them as stored. */
export const saveCrmFields = (label: number, fields: FieldDefinition[]) =>
  call('/field/save', { label, fields }, { json: true });

export const saveFields = (target: FieldTarget, fields: FieldDefinition[]): Promise<FieldDefinition[]> =>
  target.type === 'draft'
    ? Promise.resolve(fields)
    : target.type === 'examine'
      ? saveExamineFields(target.categoryId, fields)
      : saveCrmFields(target.label, fields);
