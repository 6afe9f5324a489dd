import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import {
  authHas,
  type CustomerEdit,
  customerEntitySchema,
  customerEntitySchemaFor,
  customerKind,
  type FieldDefinition,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  AutoComplete,
  Button,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Image,
  Input,
  Radio,
  Select,
  Space,
  Spin,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import {
  collectFields,
  DynamicFormFields,
  type FieldValues,
  initialValues,
  newBatchId,
} from '@/components/dynamic-form';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { uploadFile } from '@/components/upload/api';
import { useSession } from '@/shell/session';
import { useContactsMessages } from '../contacts/messages';
import { useFieldLevels } from '../fields';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { kindBase } from '../kind-base';
import { customerPanelApi, type ShopOption } from './api';
import { useCustomerPanelMessages } from './messages';

export type CustomerPanelProps = {
  open: boolean;
  /** The customer to edit; undefined creates one. */
  recordId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
};

type Values = {
  customerName: string;
  mobile: string;
  hasOldCustomer: boolean;
  gender: 1 | 2;
  shopName: string;
  shopOwnerId?: number;
  relation: string;
  idCard: string;
  gatIdCard: string;
  idCardUrl: string;
  hasSign: boolean;
  signTime?: Dayjs | null;
  signItemUserIds: number[];
  values?: FieldValues;
};

/** Shell spec 4.3: a new customer starts as an old customer, male, not signing. */
const newDefaults: Values = {
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
};

const DAY = 'YYYY-MM-DD';
const fixedNames = new Set<string>(customerKind.fixedFields.map((f) => f.fieldName));

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

function editValues(r: CustomerEdit, fields: FieldDefinition[]): Values {
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
    values: initialValues(fields, r.fields as FieldValues),
  };
}

const rulesFor = zodRules(customerEntitySchema, toEntity);
/** The shop's rule is on the shop id; the person edits the shop's name. */
const shopRules = rulesFor('shopOwnerId');

/**
 * The customer create/edit side panel (shell spec 2.8, 3.2, 4.3, 5.2, 8.4): the fixed fields in
 * the spec's order, the signing section, the edit restrictions the server also enforces, and the
 * kind's custom fields below. Posts the flat body, or `{entity, field}` when custom fields exist.
 */
export const CustomerPanel: ComponentType<CustomerPanelProps> = ({ open, recordId, onClose, onSaved }) => {
  const t = useCustomerPanelMessages();
  const { message } = App.useApp();
  const { auth } = useSession();
  const [form] = Form.useForm<Values>();
  const editing = recordId !== undefined;
  const hasSign = Form.useWatch('hasSign', form);
  const idCardUrl = Form.useWatch('idCardUrl', form);
  const [saving, setSaving] = useState(false);
  const [batchId] = useState(newBatchId);
  const tc = useContactsMessages();
  const contactsKind = kindBase('contacts');
  // 保存并新建联系人 (crm-records §2, §4): the customer saved, the form stays open for its first contact.
  const [contactFor, setContactFor] = useState<number | null>(null);
  const offerContact = !editing && contactsKind !== undefined && authHas(auth, 'crm.contacts.save');
  const canLookImage = authHas(auth, 'crm.customer.lookIdCardUrl');
  const canEditImage = authHas(auth, 'crm.customer.editIdCardUrl');

  const fieldsQuery = useQuery({
    queryKey: ['crm', 'fields', customerKind.label],
    queryFn: customerPanelApi.fields,
    enabled: open,
    retry: false,
  });
  const customFields = useMemo(
    () => (fieldsQuery.data ?? []).filter((f) => !f.fieldName || !fixedNames.has(f.fieldName)),
    [fieldsQuery.data],
  );
  const recordQuery = useQuery({
    queryKey: ['crm', 'customer', 'edit', recordId],
    queryFn: () => customerPanelApi.forEdit(recordId!),
    enabled: open && editing,
    retry: false,
    gcTime: 0,
  });
  const record = recordQuery.data;

  // Fill the form once per opening, when what it shows has arrived (a later refetch must not
  // overwrite what the person typed).
  const ready = !fieldsQuery.isPending && (!editing || record !== undefined);
  const filled = useRef<string | null>(null);
  useEffect(() => {
    const key = open && ready ? String(recordId ?? 'new') : null;
    if (key === null) {
      if (!open) filled.current = null;
      return;
    }
    if (filled.current === key) return;
    filled.current = key;
    if (!editing) form.setFieldsValue({ ...newDefaults, values: initialValues(customFields) });
    else if (record) form.setFieldsValue(editValues(record, customFields));
  }, [open, ready, recordId, editing, record, customFields, form]);

  const advisor = editing && record?.isMeiXueGuWen === 1;
  const shopLocked = editing && record?.hasUpdateShopOwner === 0;
  // Field permissions of the user's roles: hidden fields are not shown, read-only ones disabled
  // and not checked; a new customer sends none of them (the server refuses setting them).
  const level = useFieldLevels(customerKind, open);
  const shown = (name: string) => level(name) !== 1;
  const ro = (name: string) => level(name) === 2;
  const writable = (name: string) => level(name) === 3;

  const submit = async (thenContact = false) => {
    // A field the user cannot fill is not required of them (the server keeps its stored value).
    const notFillable = customerKind.fixedFields.map((f) => f.fieldName).filter((n) => !writable(n));
    const schema = notFillable.length ? customerEntitySchemaFor(notFillable) : customerEntitySchema;
    const entity = await validateWithSchema(form, schema, toEntity, { shopOwnerId: 'shopName' });
    if (!entity) return;
    const all = toEntity(form.getFieldsValue(true));
    // Hidden fields are never sent; an edit sends the read-only ones unchanged.
    const flat = editing
      ? { ...Object.fromEntries(Object.entries(all).filter(([k]) => shown(k))), customerId: recordId }
      : Object.fromEntries(Object.entries(all).filter(([k]) => writable(k)));
    const body = customFields.length
      ? {
          entity: { ...flat, batchId: record?.batchId ?? batchId },
          field: collectFields(customFields, form.getFieldValue('values') ?? {}),
        }
      : flat;
    setSaving(true);
    try {
      const saved = await customerPanelApi.save(body);
      message.success(t('succeeded'));
      if (thenContact) {
        setContactFor(saved.id);
        return;
      }
      onClose();
      onSaved(saved.id);
    } catch {
      // Spec 8.4: a failure is said and the panel closes.
      message.error(t('failed'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const contactDone = () => {
    const id = contactFor!;
    setContactFor(null);
    onClose();
    onSaved(id);
  };

  return (
    <>
      {contactFor !== null && contactsKind && (
        <RecordFormOverlay
          kind={contactsKind}
          open
          preset={{ customerId: contactFor }}
          onClose={contactDone}
          onSaved={contactDone}
        />
      )}
      <Drawer
        open={open && contactFor === null}
        onClose={onClose}
        size={600}
        closable={false}
        destroyOnHidden
        title={editing ? t('editTitle') : t('createTitle')}
        extra={<Button type="text" aria-label={t('close')} icon={<CloseOutlined />} onClick={onClose} />}
        footer={
          <Space>
            <Button type="primary" loading={saving} onClick={() => submit()}>
              {t('confirm')}
            </Button>
            {offerContact && (
              <Button loading={saving} onClick={() => submit(true)} data-testid="customer-save-contact">
                {tc('saveAndNewContact')}
              </Button>
            )}
            <Button
              disabled={editing}
              onClick={() => form.setFieldsValue({ ...newDefaults, values: initialValues(customFields) })}
            >
              {t('reset')}
            </Button>
            <Button onClick={onClose}>{t('cancel')}</Button>
          </Space>
        }
      >
        {!ready ? (
          <Spin />
        ) : (
          <Form form={form} layout="vertical" initialValues={newDefaults}>
            <Form.Item
              name="customerName"
              label={t('customerName')}
              required={!ro('customerName')}
              rules={ro('customerName') ? [] : rulesFor('customerName')}
              validateTrigger="onBlur"
            >
              <Input maxLength={50} disabled={advisor || ro('customerName')} />
            </Form.Item>
            {shown('mobile') && (
              <Form.Item
                name="mobile"
                label={t('mobile')}
                required={!ro('mobile')}
                rules={ro('mobile') ? [] : rulesFor('mobile')}
                validateTrigger="onBlur"
              >
                <Input maxLength={11} disabled={advisor || ro('mobile')} />
              </Form.Item>
            )}
            {shown('hasOldCustomer') && (
              <Form.Item name="hasOldCustomer" label={t('hasOldCustomer')}>
                <Radio.Group disabled={advisor || ro('hasOldCustomer')}>
                  <Radio value={true}>{t('yes')}</Radio>
                  <Radio value={false}>{t('no')}</Radio>
                </Radio.Group>
              </Form.Item>
            )}
            {shown('gender') && (
              <Form.Item name="gender" label={t('gender')}>
                <Radio.Group disabled={advisor || ro('gender')}>
                  <Radio value={1}>{t('male')}</Radio>
                  <Radio value={2}>{t('female')}</Radio>
                </Radio.Group>
              </Form.Item>
            )}
            {shown('shopOwnerId') && (
              <Form.Item
                name="shopName"
                label={t('shop')}
                required={!ro('shopOwnerId')}
                rules={ro('shopOwnerId') ? [] : shopRules}
                validateTrigger="onBlur"
              >
                <ShopInput disabled={shopLocked || ro('shopOwnerId')} placeholder={t('shopTips')} form={form} />
              </Form.Item>
            )}
            <Form.Item name="shopOwnerId" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="relation" hidden rules={writable('relation') ? rulesFor('relation') : []}>
              <Input />
            </Form.Item>
            {shown('idCard') && (
              <Form.Item
                name="idCard"
                label={t('idCard')}
                required={!ro('idCard')}
                rules={ro('idCard') ? [] : rulesFor('idCard')}
                validateTrigger="onBlur"
              >
                <Input maxLength={18} disabled={advisor || ro('idCard')} />
              </Form.Item>
            )}
            {shown('gatIdCard') && (
              <Form.Item
                name="gatIdCard"
                label={t('gatIdCard')}
                rules={ro('gatIdCard') ? [] : rulesFor('gatIdCard')}
                validateTrigger="onBlur"
              >
                <Input maxLength={30} disabled={advisor || ro('gatIdCard')} />
              </Form.Item>
            )}
            {canLookImage && shown('idCardUrl') && (
              <Form.Item name="idCardUrl" label={t('idCardUrl')}>
                <IdImage url={idCardUrl} disabled={!canEditImage || ro('idCardUrl')} label={t('upload')} form={form} />
              </Form.Item>
            )}
            {shown('hasSign') && (
              <Form.Item name="hasSign" label={t('hasSign')}>
                <Radio.Group disabled={ro('hasSign')}>
                  <Radio value={true}>{t('yes')}</Radio>
                  <Radio value={false}>{t('no')}</Radio>
                </Radio.Group>
              </Form.Item>
            )}
            {hasSign && shown('hasSign') && (
              <>
                <Form.Item
                  name="signTime"
                  label={t('signTime')}
                  required={!ro('signTime')}
                  rules={ro('signTime') ? [] : rulesFor('signTime')}
                  validateTrigger={['onBlur', 'onChange']}
                >
                  <DatePicker format={DAY} disabled={ro('signTime')} />
                </Form.Item>
                {shown('signItemUserIds') && (
                  <Form.Item name="signItemUserIds" label={t('signUsers')}>
                    <SignUsers
                      placeholder={t('signUsersTips')}
                      customerId={recordId}
                      userId={record?.userId ?? undefined}
                    />
                  </Form.Item>
                )}
              </>
            )}
            {customFields.length > 0 && (
              <>
                <Divider titlePlacement="start" plain>
                  {t('customFields')}
                </Divider>
                <DynamicFormFields fields={customFields} />
              </>
            )}
          </Form>
        )}
      </Drawer>
    </>
  );
};

/** The owning shop: a name autocomplete (case-insensitive prefix) that sets the shop id and relation. */
function ShopInput({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  form,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled: boolean;
  placeholder: string;
  form: ReturnType<typeof Form.useForm<Values>>[0];
}) {
  const [options, setOptions] = useState<ShopOption[]>([]);
  const search = async (text: string) => {
    if (!text.trim()) return setOptions([]);
    const found = await customerPanelApi.searchShop(text).catch(() => []);
    const prefix = text.trim().toLowerCase();
    setOptions(found.filter((s) => s.shopName.toLowerCase().startsWith(prefix)));
  };
  return (
    <AutoComplete
      id={id}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      options={options.map((s) => ({ value: String(s.shopId), label: s.shopName }))}
      onSearch={search}
      onChange={(v, option) => {
        // Typing clears the chosen shop until an option is picked.
        if (!option || Array.isArray(option)) {
          form.setFieldsValue({ shopOwnerId: undefined });
          onChange?.(v);
        }
      }}
      onSelect={(id: string) => {
        const shop = options.find((s) => String(s.shopId) === id);
        if (!shop) return;
        // 服务三级 is the shop's: the name of its serving employee.
        form.setFieldsValue({ shopOwnerId: shop.shopId, relation: shop.relation ?? '' });
        onChange?.(shop.shopName);
      }}
    />
  );
}

function IdImage({
  url,
  disabled,
  label,
  form,
}: {
  url?: string;
  disabled: boolean;
  label: string;
  form: ReturnType<typeof Form.useForm<Values>>[0];
}) {
  return (
    <Space align="start">
      {url ? <Image src={url} width={96} /> : null}
      <Upload
        accept="image/*"
        showUploadList={false}
        disabled={disabled}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            const info = await uploadFile(file as Blob, { type: 'img' });
            form.setFieldsValue({ idCardUrl: info.url });
            onSuccess?.(info);
          } catch (e) {
            onError?.(e as Error);
          }
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {label}
        </Button>
      </Upload>
    </Space>
  );
}

/** Lower-level distributors: a remote multi-select shown as name-phone; `disabled` candidates cannot be picked. */
function SignUsers({
  value = [],
  onChange,
  placeholder,
  customerId,
  userId,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  placeholder: string;
  customerId?: number;
  userId?: number;
}) {
  const [search, setSearch] = useState('');
  const held = value.join(',');
  const candidates = useQuery({
    queryKey: ['crm', 'customer', 'signCandidates', search, held, customerId, userId],
    queryFn: () =>
      customerPanelApi.signCandidates({
        search,
        selectSingUserIds: held ? held.split(',').map(Number) : [],
        customerId,
        userId,
      }),
    retry: false,
  });
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={onChange}
      onSearch={setSearch}
      placeholder={placeholder}
      options={(candidates.data ?? []).map((c) => ({
        value: c.userId,
        label: `${c.userName}-${c.userPhone}`,
        disabled: c.disabled > 0,
      }))}
    />
  );
}

export default CustomerPanel;
