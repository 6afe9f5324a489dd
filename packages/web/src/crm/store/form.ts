import { storeFormLayout, storeFormSchema, storeFormSchemaFor } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormSource, FormWords, KindForm, SaveInput } from '../form/layout/types';
import { type StoreDetail, storeApi, storeKeys } from './api';
import { useStoreMessages } from './messages';
import { emptyStoreValues, fromDetail, type StoreValues, toStoreInput } from './values';
import { storeWidgets } from './widgets';

type Loaded = StoreDetail | undefined;

/** The shop to edit (queryShopOwnerById: the record with the names of its chosen ids). */
function useStoreSource(recordId: number | undefined, open: boolean): FormSource<Loaded> {
  const editing = recordId !== undefined;
  const detail = useQuery({
    queryKey: storeKeys.detail(recordId ?? 0),
    queryFn: () => storeApi.detail(recordId!),
    enabled: open && editing,
    staleTime: 0,
  });
  const loaded = editing ? detail.data : undefined;
  const values = useMemo(() => (loaded ? fromDetail(loaded) : undefined), [loaded]);
  return {
    ready: !editing || loaded !== undefined,
    failed: detail.isError,
    values,
    batchId: loaded ? String(loaded.record.batchId ?? '') : undefined,
    context: loaded,
    // 负责人信息: when editing a shop whose owner this user may change.
    flags: { ownerEditable: Boolean(loaded?.IsCanUpdateUserOwner) },
  };
}

/** The flat body of addShopOwner / editShopOwner (docs/api/stores.md). */
async function saveStore({ sent, values, editing, recordId, batchId, context }: SaveInput<Loaded>) {
  const owner = (values as Partial<StoreValues>).owner ?? [];
  const body = {
    ...sent,
    batchId,
    isWebGuWenUpdate: 1,
    ...(editing ? { id: recordId, ...(context?.IsCanUpdateUserOwner ? { ownerUserId: owner[0]?.userId } : {}) } : {}),
  };
  const saved = editing ? await storeApi.edit(body) : await storeApi.add(body);
  return saved.id;
}

/**
 * The shop create/edit form (spec 2.6, 4.2, 5.1): the generic layout form with the shop's
 * sections (shared `storeFormLayout`), its widgets, and its own calls; checked with the shared
 * schema the server parses the same body with.
 */
const storeForm: KindForm<Loaded> = {
  layout: storeFormLayout,
  useWords: useStoreMessages as () => FormWords,
  widgets: storeWidgets,
  laterWidgets: () => import('./later-widgets'),
  useSource: useStoreSource,
  defaults: emptyStoreValues,
  schema: (notFillable) => (notFillable.length ? storeFormSchemaFor(notFillable) : storeFormSchema),
  toInput: toStoreInput,
  fieldOf: { adminUserId: 'adminUser' },
  save: saveStore,
  stale: [storeKeys.all],
  words: {
    create: 'create',
    edit: 'edit',
    save: { create: 'createButton', edit: 'editButton' },
    cancel: 'cancel',
    sections: 'sections',
    saved: { create: 'added', edit: 'edited' },
  },
};
export default storeForm;
