import {
  authHas,
  type CustomerEdit,
  customerEntitySchema,
  customerEntitySchemaFor,
  customerFormLayout,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import type { FieldValues } from '@/components/dynamic-form/values';
import { useSession } from '@/shell/session';
import { useContactsMessages } from '../contacts/messages';
import type { FooterProps, FormSource, FormWords, KindForm, SaveInput } from '../form/layout/types';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { kindBase } from '../kind-base';
import { customerPanelApi } from './api';
import { useCustomerPanelMessages } from './messages';
import { customerWidgets, DAY } from './widgets';

type Loaded = CustomerEdit | undefined;

/** Shell spec 4.3: a new customer starts as an old customer, male, not signing. */
const newDefaults = () => ({
  customerName: '',
  mobile: '',
  hasOldCustomer: true,
  gender: 1,
  shopName: '',
  shopOwnerId: undefined,
  relation: '',
  idCard: '',
  gatIdCard: '',
  idCardUrl: '',
  hasSign: false,
  signTime: null,
  signItemUserIds: [],
});

/** The form's values as the save schema reads them (the panel's flat body, spec 3.2). */
function toEntity(v: Record<string, unknown>) {
  const signTime = v.signTime as Dayjs | null | undefined;
  const ids = (v.signItemUserIds as number[] | undefined) ?? [];
  return {
    customerName: v.customerName ?? '',
    mobile: v.mobile ?? '',
    hasOldCustomer: v.hasOldCustomer,
    gender: v.gender,
    shopOwnerId: v.shopOwnerId ?? '',
    relation: v.relation ?? '',
    idCard: v.idCard ?? '',
    gatIdCard: v.gatIdCard ?? '',
    idCardUrl: v.idCardUrl ?? '',
    hasSign: v.hasSign,
    signTime: v.hasSign && signTime ? signTime.format(DAY) : null,
    signItemUserIds: v.hasSign && ids.length ? ids.join(',') : null,
  };
}

function editValues(r: CustomerEdit) {
  return {
    customerName: r.customerName,
    mobile: r.mobile,
    hasOldCustomer: r.hasOldCustomer,
    gender: r.gender === 2 ? 2 : 1,
    shopName: r.storeName || (r.storeId ? String(r.storeId) : ''),
    shopOwnerId: r.storeId ?? undefined,
    relation: r.relation,
    idCard: r.idCard,
    gatIdCard: r.gatIdCard,
    idCardUrl: r.idCardUrl,
    hasSign: r.hasSign,
    signTime: r.signTime ? dayjs(r.signTime, DAY) : null,
    signItemUserIds: r.signUserIds
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
  };
}

/** The customer to edit, with what locks its fields, and the user's rights on the ID image. */
function useCustomerSource(recordId: number | undefined, open: boolean): FormSource<Loaded> {
  const { auth } = useSession();
  const editing = recordId !== undefined;
  const query = useQuery({
    queryKey: ['crm', 'customer', 'edit', recordId],
    queryFn: () => customerPanelApi.forEdit(recordId!),
    enabled: open && editing,
    retry: false,
    gcTime: 0,
  });
  const record = editing ? query.data : undefined;
  const values = useMemo(() => (record ? editValues(record) : undefined), [record]);
  return {
    ready: !editing || record !== undefined,
    failed: query.isError,
    values,
    customValues: record?.fields as FieldValues | undefined,
    batchId: record?.batchId ?? undefined,
    context: record,
    flags: {
      // An advisor's identity and a closed customer's shop stay as they are (the server refuses too).
      advisor: record?.isMeiXueGuWen === 1,
      shopLocked: record?.hasUpdateShopOwner === 0,
      canLookImage: authHas(auth, 'crm.customer.lookIdCardUrl'),
      cannotEditImage: !authHas(auth, 'crm.customer.editIdCardUrl'),
    },
  };
}

/** The flat body, or `{entity, field}` when the kind has custom fields (spec 3.2). */
async function saveCustomer({ sent, editing, recordId, batchId, custom }: SaveInput<Loaded>) {
  const flat = editing ? { ...sent, customerId: recordId } : sent;
  const body = custom ? { entity: { ...flat, batchId }, field: custom } : flat;
  return (await customerPanelApi.save(body)).id;
}

/** 确定, 保存并新建联系人 (crm-records §2, §4: the customer saved, then its first contact), 重置, 取消. */
function CustomerFooter({ submit, reset, onClose, saving, editing, t }: FooterProps) {
  const { auth } = useSession();
  const tc = useContactsMessages();
  const offerContact = !editing && kindBase('contacts') !== undefined && authHas(auth, 'crm.contacts.save');
  return (
    <Space>
      <Button type="primary" loading={saving} onClick={() => submit()}>
        {t('confirm')}
      </Button>
      {offerContact && (
        <Button loading={saving} onClick={() => submit('contact')} data-testid="customer-save-contact">
          {tc('saveAndNewContact')}
        </Button>
      )}
      <Button disabled={editing} onClick={reset}>
        {t('reset')}
      </Button>
      <Button onClick={onClose}>{t('cancel')}</Button>
    </Space>
  );
}

/**
 * The customer create/edit side panel (shell spec 2.8, 3.2, 4.3, 5.2, 8.4): the generic layout
 * form with the customer's declaration (shared `customerFormLayout`), the edit restrictions the
 * server also enforces, the custom fields below. A refused save says 操作失败 and closes.
 */
const customerForm: KindForm<Loaded> = {
  layout: customerFormLayout,
  useWords: useCustomerPanelMessages as () => FormWords,
  widgets: customerWidgets,
  useSource: useCustomerSource,
  defaults: newDefaults,
  schema: (notFillable) => (notFillable.length ? customerEntitySchemaFor(notFillable) : customerEntitySchema),
  toInput: toEntity,
  fieldOf: { shopOwnerId: 'shopName' },
  save: saveCustomer,
  words: {
    create: 'createTitle',
    edit: 'editTitle',
    save: { create: 'confirm', edit: 'confirm' },
    cancel: 'cancel',
    saved: { create: 'succeeded', edit: 'succeeded' },
    failed: 'failed',
    customFields: 'customFields',
  },
  footer: CustomerFooter,
  followUp: (_then, id, done) => {
    const contacts = kindBase('contacts');
    return contacts ? (
      <RecordFormOverlay kind={contacts} open preset={{ customerId: id }} onClose={done} onSaved={done} />
    ) : null;
  },
};
export default customerForm;
