import { call } from '@/shell/call';

/** The CRM field calls of 客户管理 › 自定义字段 (docs/api/fields.md). */
export const crmFieldApi = {
  kinds: () => call('/field/list'),
  fields: (label: number) => call('/field/queryField', { label }),
  fieldAuth: (roleId: number, label: number) => call('/field/queryFieldAuth', { roleId, label }),
  setFieldAuth: (roleId: number, label: number, fields: { fieldName: string; authLevel: number }[]) =>
    call('/field/setFieldAuth', { roleId, label, fields }, { json: true }),
};

export const crmFieldKeys = {
  all: ['crmFields'] as const,
  kinds: ['crmFields', 'kinds'] as const,
  fields: (label: number) => ['crmFields', 'fields', label] as const,
  auth: (roleId: number, label: number) => ['crmFields', 'auth', roleId, label] as const,
};
