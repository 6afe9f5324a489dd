import { type Answer, buildAuthObject, fixedDefinitions, type RecordKind, type RecordRow } from '@crm/shared';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import type { DetailContext } from '@/crm/types';
import { sessionStore } from '@/shell/session-store';
import { renderWithApp } from '@/workbench/examine/test-utils';

/** A CRM record row that 孙丽 (user 5) owns and created; `fields` are the kind's own and any override. */
export const sunLiRow = (fields: Partial<RecordRow>): RecordRow =>
  ({
    ownerUserId: 5,
    ownerUserName: '孙丽',
    createUserId: 5,
    createUserName: '孙丽',
    createTime: '2026-11-20T02:00:00.000Z',
    updateTime: '2026-11-21T02:00:00.000Z',
    nextTime: null,
    ...fields,
  }) as RecordRow;

/**
 * A record row with the fields a test gives and empty system columns (no owner, no times): a
 * picker's choice, a related record, a detail's record where whose it is does not matter.
 */
export const recordRow = (fields: Record<string, unknown>): RecordRow => ({
  ownerUserId: null,
  ownerUserName: '',
  createUserId: 0,
  createUserName: '',
  createTime: '',
  updateTime: '',
  nextTime: null,
  ...fields,
});

/** A record's detail as `/<Kind>/queryById` answers it: the row and the viewer's access (all, unless said). */
export const recordDetail = (
  fields: Record<string, unknown>,
  access: Answer<'/CrmCustomer/queryById'>['access'] = { read: true, write: true, owner: true },
): Answer<'/CrmCustomer/queryById'> => ({ record: recordRow(fields), access });

/**
 * Renders a kind's detail actions for a viewer with `permissions` and, unless `write` is false,
 * write (and owner) access to the record; answers the detail's refresh, to see it was called.
 */
export function showDetailActions(
  Actions: ComponentType<DetailContext>,
  ctx: Pick<DetailContext, 'kind' | 'id' | 'record'> & { permissions: string[]; write?: boolean },
) {
  const { permissions, write = true, ...rest } = ctx;
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const refresh = vi.fn();
  renderWithApp(<Actions {...rest} access={{ read: true, write, owner: write }} refresh={refresh} can={() => true} />, {
    permissions,
  });
  return refresh;
}

/** A field as `field/queryField` answers it. */
export type QueryField = Answer<'/field/queryField'>[number];

/** A field as `field/queryField` answers it: a fixed, editable text field, unless `extra` says otherwise. */
export const fieldDef = (fieldName: string, name: string, extra: Partial<QueryField> = {}): QueryField => ({
  fieldId: 0,
  fieldName,
  name,
  formType: 'text',
  fieldType: 1,
  isNull: 0,
  isUnique: 0,
  options: [],
  setting: [],
  inputTips: '',
  defaultValue: null,
  authLevel: 3,
  ...extra,
});

/** A kind's fixed fields as `field/queryField` answers them to someone who may edit them all. */
export const queryFieldsOf = (kind: RecordKind): QueryField[] =>
  fixedDefinitions(kind).map((f) => fieldDef(f.fieldName, f.name, f));

/** 客户来源 (field_1): the customer's custom select the list and detail tests show and filter by. */
export const sourceField = fieldDef('field_1', '客户来源', {
  formType: 'select',
  fieldType: 0,
  options: ['网络', '转介绍'],
});
