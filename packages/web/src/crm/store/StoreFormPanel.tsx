import { DeleteOutlined, EnvironmentOutlined, UploadOutlined } from '@ant-design/icons';
import {
  GIFT_PROJECT_MAX,
  giftProjects,
  SHOP_MAP_ZOOM,
  signingGoals,
  storeFormSchema,
  storeFormSchemaFor,
  storeKind,
  storeText,
} from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Divider,
  Drawer,
  Form,
  type FormItemProps,
  Input,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Upload,
} from 'antd';
import { type ReactElement, useEffect, useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { MapPickerDialog } from '@/components/map-picker';
import { MemberSelect } from '@/components/member-picker';
import { FileUploadList, uploadFile } from '@/components/upload';
import { useLang } from '@/i18n';
import { gateItem } from '../field-gate';
import { useFieldLevels } from '../fields';
import { storeApi, storeKeys } from './api';
import { BankCardInput, MoneyInput, RemoteSelect } from './fields';
import { useStoreMessages } from './messages';
import { emptyStoreValues, fromDetail, type StoreValues, toStoreInput } from './values';

export type StoreFormPanelProps = {
  open: boolean;
  /** The shop to edit; undefined creates one. */
  recordId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
};

/** Spec 9: create overlays are 700 px wide. */
const WIDTH = 700;
const rules = zodRules(storeFormSchema, toStoreInput);

/**
 * The shop create/edit panel (spec 2.6, 4.2, 5.1): six sections — shop owner, person in charge
 * (editing, when IsCanUpdateUserOwner), shop, other, finance, 12800 signing — checked with the
 * shared schema the server parses the same body with. One batch id per opened form, so a double
 * click is one shop; photos are kept by batch and deleted at once after confirmation.
 */
export function StoreFormPanel({ open, recordId, onClose, onSaved }: StoreFormPanelProps) {
  const t = useStoreMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StoreValues>();
  const editing = recordId !== undefined;
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  // Field permissions of the user's roles on the shop's fixed fields (see crm/field-gate.tsx).
  const level = useFieldLevels(storeKind, open);
  const gate = (name: string, item: ReactElement<FormItemProps>) => gateItem(level(name), item);
  const detail = useQuery({
    queryKey: storeKeys.detail(recordId ?? 0),
    queryFn: () => storeApi.detail(recordId!),
    enabled: open && editing,
    staleTime: 0,
  });
  const loaded = editing ? detail.data : undefined;

  useEffect(() => {
    if (!open) return;
    setSaving(false);
    if (!editing) {
      setBatchId(newBatchId());
      form.resetFields();
      form.setFieldsValue(emptyStoreValues());
    } else if (loaded) {
      setBatchId(String(loaded.record.batchId ?? '') || newBatchId());
      form.resetFields();
      form.setFieldsValue(fromDetail(loaded));
    }
  }, [open, editing, loaded, form]);

  const classIds = Form.useWatch('projectClass', form) ?? [];
  const hasSign = Form.useWatch('hasSign', form) ?? false;
  const idCardUrl = Form.useWatch('idCardUrl', form) ?? '';
  const classes = useQuery({ queryKey: ['store', 'classes'], queryFn: storeApi.projectClasses, enabled: open });
  const projects = useQuery({
    queryKey: ['store', 'projects', classIds.join(',')],
    queryFn: () => storeApi.projects(classIds.join(',')),
    enabled: open && classIds.length > 0,
  });

  const submit = async () => {
    if (saving) return;
    // A field the user cannot fill is not required of them (the server keeps its stored value).
    const notFillable = storeKind.fixedFields.map((f) => f.fieldName).filter((n) => level(n) !== 3);
    const schema = notFillable.length ? storeFormSchemaFor(notFillable) : storeFormSchema;
    const parsed = await validateWithSchema(form, schema, toStoreInput, { adminUserId: 'adminUser' });
    if (!parsed) return;
    setSaving(true);
    const values = form.getFieldsValue(true) as StoreValues;
    const input = toStoreInput(values as unknown as Record<string, unknown>);
    // Hidden fields are never sent (the server refuses them); a new shop sends no read-only one
    // either, an edit sends those unchanged.
    const sent = Object.fromEntries(Object.entries(input).filter(([k]) => (editing ? level(k) !== 1 : level(k) === 3)));
    const body = {
      ...sent,
      batchId,
      isWebGuWenUpdate: 1,
      ...(editing
        ? { id: recordId, ...(loaded?.IsCanUpdateUserOwner ? { ownerUserId: values.owner[0]?.userId } : {}) }
        : {}),
    };
    try {
      const saved = editing ? await storeApi.edit(body) : await storeApi.add(body);
      message.success(editing ? t('edited') : t('added'));
      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      onSaved(saved.id);
      onClose();
    } catch {
      // the request layer showed the server's message
      setSaving(false);
    }
  };

  const uploadIdCard = async (file: File) => {
    try {
      const info = await uploadFile(file, { batchId, type: 'img' });
      form.setFieldValue('idCardUrl', info.url);
    } catch {
      // the request layer showed the server's message
    }
    return false;
  };

  const section = (title: string) => (
    <Divider titlePlacement="start" className="store-form__section">
      {title}
    </Divider>
  );
  const yesNo = [
    { value: 1, label: t('yes') },
    { value: 0, label: t('no') },
  ];

  return (
    <Drawer
      open={open}
      width={WIDTH}
      title={editing ? t('edit') : t('create')}
      onClose={onClose}
      closable
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="store-save">
            {editing ? t('editButton') : t('createButton')}
          </Button>
        </Space>
      }
    >
      {editing && !loaded ? (
        <Spin tip={t('loading')}>
          <div style={{ height: 200 }} />
        </Spin>
      ) : (
        <Form form={form} layout="vertical" initialValues={emptyStoreValues()} className="store-form">
          {section(t('basic'))}
          {gate(
            'name',
            <Form.Item name="name" label={t('name')} required rules={rules('name')} validateTrigger="onBlur">
              <Input maxLength={storeText.name.max} />
            </Form.Item>,
          )}
          {gate(
            'sex',
            <Form.Item name="sex" label={t('sex')}>
              <Radio.Group
                options={[
                  { value: 0, label: t('male') },
                  { value: 1, label: t('female') },
                ]}
              />
            </Form.Item>,
          )}
          {gate(
            'phone',
            <Form.Item name="phone" label={t('phone')} required rules={rules('phone')} validateTrigger="onBlur">
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>,
          )}
          {gate(
            'idCard',
            <Form.Item name="idCard" label={t('idCard')} required rules={rules('idCard')} validateTrigger="onBlur">
              <Input maxLength={storeText.idCard.max} />
            </Form.Item>,
          )}
          {gate(
            'gatIdCard',
            <Form.Item name="gatIdCard" label={t('gatIdCard')} rules={rules('gatIdCard')} validateTrigger="onBlur">
              <Input maxLength={storeText.gatIdCard.max} />
            </Form.Item>,
          )}
          <Form.Item name="idCardUrl" label={t('idCardUrl')}>
            {idCardUrl ? (
              <Space>
                <img src={idCardUrl} alt={t('idCardUrl')} style={{ maxHeight: 80 }} />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('idCardUrl')}
                  onClick={() => form.setFieldValue('idCardUrl', '')}
                />
              </Space>
            ) : (
              <Upload accept="image/*" showUploadList={false} beforeUpload={uploadIdCard}>
                <Button icon={<UploadOutlined />}>{t('idCardUrl')}</Button>
              </Upload>
            )}
          </Form.Item>
          <Form.Item name="isManageShops" label={t('isManageShops')}>
            <Radio.Group options={yesNo} />
          </Form.Item>
          {gate(
            'otherManage',
            <Form.Item
              name="otherManage"
              label={t('otherManage')}
              required
              rules={rules('otherManage')}
              validateTrigger="onBlur"
            >
              <Input maxLength={storeText.otherManage.max} />
            </Form.Item>,
          )}
          {gate(
            'otherPhone',
            <Form.Item name="otherPhone" label={t('otherPhone')} rules={rules('otherPhone')} validateTrigger="onBlur">
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>,
          )}
          <Form.Item name="parentLoginShopOwnerId" label={t('parent')}>
            <RemoteSelect<number>
              queryKey={`owners-${recordId ?? 0}`}
              placeholder={t('parentTips')}
              known={
                loaded?.parentName && loaded.record.parentLoginShopOwnerId
                  ? [{ value: Number(loaded.record.parentLoginShopOwnerId), label: loaded.parentName }]
                  : []
              }
              load={async (s) =>
                (await storeApi.shopOwners(s, recordId)).map((o) => ({
                  value: o.shopId,
                  label: `${o.shopName}（${o.name}）`,
                }))
              }
            />
          </Form.Item>

          {editing && loaded?.IsCanUpdateUserOwner && (
            <>
              {section(t('owner'))}
              <Form.Item name="owner" label={t('ownerUser')}>
                <MemberSelect single title={t('ownerUser')} placeholder={t('ownerUser')} />
              </Form.Item>
            </>
          )}

          {section(t('shop'))}
          {gate(
            'shopName',
            <Form.Item
              name="shopName"
              label={t('shopName')}
              required
              rules={rules('shopName')}
              validateTrigger="onBlur"
            >
              <Input maxLength={storeText.shopName.max} />
            </Form.Item>,
          )}
          {level('shopAddress') !== 1 && (
            <Form.Item label={t('shopAddress')} required={level('shopAddress') === 3}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="shopAddress"
                  noStyle
                  rules={level('shopAddress') === 3 ? rules('shopAddress') : []}
                  validateTrigger="onBlur"
                >
                  <Input
                    maxLength={storeText.shopAddress.max}
                    aria-label={t('shopAddress')}
                    disabled={level('shopAddress') === 2}
                  />
                </Form.Item>
                <Button
                  disabled={level('shopAddress') === 2}
                  icon={<EnvironmentOutlined />}
                  onClick={() => {
                    // Spec 4.2: the address button clears the address and opens the map.
                    form.setFieldsValue({ shopAddress: '', longitude: null, latitude: null });
                    setMapOpen(true);
                  }}
                >
                  {t('chooseAddress')}
                </Button>
              </Space.Compact>
            </Form.Item>
          )}
          <Space wrap size={16}>
            {(['area', 'year', 'personnel', 'stableMembes'] as const).map((k) =>
              gate(
                k,
                <Form.Item key={k} name={k} label={t(k)} rules={rules(k)} validateTrigger="onBlur">
                  <Input inputMode="decimal" style={{ width: 140 }} />
                </Form.Item>,
              ),
            )}
          </Space>
          <Form.Item
            name="backbonePhone"
            label={t('backbonePhone')}
            rules={rules('backbonePhone')}
            validateTrigger="onBlur"
          >
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
          {gate(
            'storeBrand',
            <Form.Item name="storeBrand" label={t('storeBrand')} rules={rules('storeBrand')}>
              <Input maxLength={storeText.storeBrand.max} />
            </Form.Item>,
          )}
          {gate(
            'storeOutputValue',
            <Form.Item name="storeOutputValue" label={t('storeOutputValue')} rules={rules('storeOutputValue')}>
              <MoneyInput />
            </Form.Item>,
          )}
          <Form.Item name="projectClass" label={t('projectClass')} required rules={rules('projectClass')}>
            <Select
              mode="multiple"
              loading={classes.isFetching}
              options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.className }))}
              onChange={() => form.setFieldValue('isBeatingClass', [])}
            />
          </Form.Item>
          <Form.Item name="isBeatingClass" label={t('isBeatingClass')}>
            <Select
              mode="multiple"
              loading={projects.isFetching}
              options={(classIds.length ? (projects.data ?? []) : []).map((p) => ({
                value: p.projectId,
                label: `${p.className} · ${p.projectName}`,
              }))}
            />
          </Form.Item>

          {section(t('other'))}
          {gate(
            'relation',
            <Form.Item name="relation" label={t('relation')} required rules={rules('relation')}>
              <RemoteSelect<string>
                queryKey="relation"
                placeholder={t('relationTips')}
                known={
                  loaded?.relationName ? [{ value: String(loaded.record.relation), label: loaded.relationName }] : []
                }
                load={async (s) =>
                  (await storeApi.relations(s)).map((u) => ({
                    value: String(u.userId),
                    label: `${u.realname}（${u.deptName}）`,
                  }))
                }
              />
            </Form.Item>,
          )}
          <Form.Item name="serverIds" label={t('servers')} extra={t('serversTips')} rules={rules('serverIds')}>
            <RemoteSelect<number>
              multiple
              queryKey={`servers-${recordId ?? 0}`}
              known={(loaded?.servers ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
              load={async (s) =>
                (await storeApi.servers(s, recordId)).map((o) => ({ value: o.shopId, label: o.shopName }))
              }
            />
          </Form.Item>
          <Form.Item name="adminUser" label={t('adminUser')}>
            <MemberSelect single title={t('adminUser')} placeholder={t('adminUser')} />
          </Form.Item>
          <Form.Item name="hasOldCustomer" label={t('hasOldCustomer')}>
            <Radio.Group
              options={[
                { value: 0, label: t('newCustomer') },
                { value: 1, label: t('oldCustomer') },
              ]}
            />
          </Form.Item>
          {gate(
            'remark',
            <Form.Item name="remark" label={t('remark')} rules={rules('remark')}>
              <Input.TextArea rows={3} maxLength={storeText.remark.max} showCount />
            </Form.Item>,
          )}
          <Form.Item label={t('businessLicensePhotos')} shouldUpdate>
            {() => (
              <FileUploadList
                type="img"
                batchId={form.getFieldValue('businessLicensePhotos') || null}
                onBatchIdChange={(b) => form.setFieldValue('businessLicensePhotos', b)}
                deleteConfirm={t('deleteConfirm')}
              />
            )}
          </Form.Item>
          <Form.Item label={t('contractPhotos')} shouldUpdate>
            {() => (
              <FileUploadList
                type="img"
                batchId={form.getFieldValue('contractPhotos') || null}
                onBatchIdChange={(b) => form.setFieldValue('contractPhotos', b)}
                deleteConfirm={t('deleteConfirm')}
              />
            )}
          </Form.Item>

          {section(t('finance'))}
          {gate(
            'bankCardNumber',
            <Form.Item
              name="bankCardNumber"
              label={t('bankCardNumber')}
              rules={rules('bankCardNumber')}
              validateTrigger="onBlur"
            >
              <BankCardInput />
            </Form.Item>,
          )}
          {gate(
            'tlNumber',
            <Form.Item name="tlNumber" label={t('tlNumber')} rules={rules('tlNumber')}>
              <Input maxLength={storeText.tlNumber.max} />
            </Form.Item>,
          )}
          {gate(
            'money',
            <Form.Item name="money" label={t('money')} required rules={rules('money')} validateTrigger="onBlur">
              <MoneyInput />
            </Form.Item>,
          )}
          {gate(
            'signTime',
            <Form.Item name="signTime" label={t('signTime')} required rules={rules('signTime')}>
              <DatePicker format="YYYY-MM-DD" />
            </Form.Item>,
          )}
          {gate(
            'signing',
            <Form.Item name="signing" label={t('signing')} required rules={rules('signing')}>
              <Select
                mode="multiple"
                options={signingGoals.map((g) => ({
                  value: String(g.value),
                  label: lang === 'en' ? g.labelEn : g.label,
                }))}
              />
            </Form.Item>,
          )}
          <Form.Item
            name="giveProject"
            label={t('giveProject')}
            extra={t('giveProjectTips')}
            rules={rules('giveProject')}
          >
            <Select
              mode="multiple"
              maxCount={GIFT_PROJECT_MAX}
              data-testid="store-gifts"
              options={giftProjects.map((g) => ({ value: g.value, label: lang === 'en' ? g.labelEn : g.value }))}
            />
          </Form.Item>

          {section(t('signing12800'))}
          <Form.Item name="hasSign" label={t('hasSign')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {hasSign && (
            <>
              <Form.Item name="signTimes" label={t('signTimes')} required rules={rules('signTimes')}>
                <DatePicker format="YYYY-MM-DD" />
              </Form.Item>
              <Form.Item name="signItemUserIds" label={t('signItemUserIds')}>
                <RemoteSelect<number>
                  multiple
                  queryKey={`sign-${recordId ?? 0}`}
                  placeholder={t('signItemTips')}
                  known={(loaded?.signUserIds ?? []).map((u) => ({ value: u.userId, label: u.realname }))}
                  load={async (search) =>
                    (
                      await storeApi.signCandidates({
                        userId: loaded?.record.ownerUserId ?? undefined,
                        search,
                        selectSingUserIds: (form.getFieldValue('signItemUserIds') ?? []).join(','),
                      })
                    ).map((u) => ({ value: u.userId, label: `${u.userName} ${u.userPhone}`, disabled: u.disabled }))
                  }
                />
              </Form.Item>
            </>
          )}
        </Form>
      )}
      <MapPickerDialog
        open={mapOpen}
        zoom={SHOP_MAP_ZOOM}
        value={{
          longitude: form.getFieldValue('longitude') ?? null,
          latitude: form.getFieldValue('latitude') ?? null,
          address: '',
        }}
        onCancel={() => setMapOpen(false)}
        onConfirm={(place) => {
          form.setFieldsValue({ shopAddress: place.address, longitude: place.longitude, latitude: place.latitude });
          void form.validateFields(['shopAddress']);
          setMapOpen(false);
        }}
      />
    </Drawer>
  );
}
