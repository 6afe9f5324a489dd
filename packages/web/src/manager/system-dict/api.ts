import type { DictItem, DictType, Input } from '@crm/shared';
import { call } from '@/shell/call';

/** Manager › 系统字典 (docs/api/system-dict.md). */
export type { DictItem, DictType };
export type TypeBody = Input<'/system/dict/saveType'>;
export type ItemBody = Input<'/system/dict/saveItem'>;

export const dictApi = {
  types: () => call('/system/dict/queryTypes'),
  saveType: (body: TypeBody) => call('/system/dict/saveType', body),
  deleteType: (typeId: number) => call('/system/dict/deleteType', { typeId }),
  items: (typeId: number) => call('/system/dict/queryItems', { typeId }),
  saveItem: (body: ItemBody) => call('/system/dict/saveItem', body),
  deleteItem: (itemId: number) => call('/system/dict/deleteItem', { itemId }),
};

/** Under `['system']`: the forms' lookups read the same lists. */
export const dictKeys = {
  all: ['system', 'dict'] as const,
  types: ['system', 'dict', 'types'] as const,
  items: (typeId: number) => ['system', 'dict', 'items', typeId] as const,
};
