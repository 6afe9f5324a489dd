import { buildAuthObject, type RecordRow } from '@crm/shared';
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

/** A field as `field/queryField` answers it: a fixed text field, unless `extra` says otherwise. */
export const fieldDef = (fieldName: string, name: string, extra: Record<string, unknown> = {}) => ({
  fieldName,
  name,
  formType: 'text',
  fieldType: 1,
  isNull: 0,
  isUnique: 0,
  options: [] as string[],
  ...extra,
});

/** 客户来源 (field_1): the customer's custom select the list and detail tests show and filter by. */
export const sourceField = fieldDef('field_1', '客户来源', {
  formType: 'select',
  fieldType: 0,
  options: ['网络', '转介绍'],
});
