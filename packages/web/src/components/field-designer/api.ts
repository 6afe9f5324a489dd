import type { FieldDefinition } from '@crm/shared';
import { request } from '@/shell/request';

/** Replace the fields of an approval category; answers them with their keys (`field_<n>`). */
export const saveExamineFields = (categoryId: number, fields: FieldDefinition[]) =>
  request<FieldDefinition[]>('/field/examineFieldSave', { categoryId, fields }, { json: true });
