import type { FieldDefinition } from '@crm/shared';
import { call } from '@/shell/call';

/** Replace the fields of an approval category; answers them with their keys (`field_<n>`). */
export const saveExamineFields = (categoryId: number, fields: FieldDefinition[]) =>
  call('/field/examineFieldSave', { categoryId, fields }, { json: true });
