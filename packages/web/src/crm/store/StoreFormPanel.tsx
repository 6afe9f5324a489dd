import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { storeFormSchema, storeFormSchemaFor, storeKind, storeText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, type FormItemProps, Input, Radio, Space, Spin, Upload } from 'antd';
import { lazy, type ReactElement, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
// values.ts alone: the dynamic form's index would bring its date pickers and record pickers along.
import { newBatchId } from '@/components/dynamic-form/values';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { uploadFile } from '@/components/upload/api';
import { gateItem } from '../field-gate';
import { useFieldLevels } from '../fields';
import { storeApi, storeKeys } from './api';
import { RemoteSelect } from './fields';
import { useStoreMessages } from './messages';
import type { StoreFormRestProps } from './StoreFormRest';
import { StoreSection, type StoreSectionName, StoreSectionNav } from './sections';
import { emptyStoreValues, fromDetail, type StoreValues, toStoreInput } from './values';
import './store-form.css';

// 门店信息 … 12800签约信息: their own chunk, mounted just after the first paint (see StoreFormRest).
const StoreFormRest = lazy(() => import('./StoreFormRest'));
// The member picker (a department tree, a user table) only for the rare 负责人信息 section.
const MemberSelect = lazy(() =>
  import('@/components/member-picker/MemberSelect').then((m) => ({ default: m.MemberSelect })),
);

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
 * (editing, when IsCanUpdateUserOwner), shop, other, finance, 12800 signing — as anchored
 * sections under a sticky row of anchors, checked with the shared schema the server parses the
 * same body with. It opens at once (issue 26 item 6: it took 1.5–2.5 s): the first sections paint
 * with the drawer, the others mount a frame later from their own chunk (scripts/shop-form-open.ts).
 * One batch id per opened form, so a double click is one shop; photos are kept by batch and
 * deleted at once after confirmation.
 */
export function StoreFormPanel({ open, recordId, onClose, onSaved }: StoreFormPanelProps) {
  const t = useStoreMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StoreValues>();
  const editing = recordId !== undefined;
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  // The later sections: asked for after the first paint, then mounted (they report it).
  const [later, setLater] = useState(false);
  const [laterMounted, setLaterMounted] = useState(false);
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

  useEffect(() => {
    setLater(false);
    setLaterMounted(false);
    if (!open) return;
    // Two frames: the drawer and the first sections are painted before the rest is rendered;
    // a timer too, as a hidden tab or a starved headless browser may hold frames back.
    const show = () => startTransition(() => setLater(true));
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(show);
    });
    const fallback = setTimeout(show, 100);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      clearTimeout(fallback);
    };
  }, [open]);
  const onLaterMounted = useCallback(() => setLaterMounted(true), []);

  const idCardUrl = Form.useWatch('idCardUrl', form) ?? '';

  const submit = async () => {
    // The whole form is checked, so not before every section is there (a frame or two).
    if (saving || !laterMounted) return;
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

  const showOwner = editing && Boolean(loaded?.IsCanUpdateUserOwner);
  const sections: { name: StoreSectionName; title: string }[] = [
    { name: 'basic', title: t('basic') },
    ...(showOwner ? [{ name: 'owner' as const, title: t('owner') }] : []),
    { name: 'shop', title: t('shop') },
    { name: 'other', title: t('other') },
    { name: 'finance', title: t('finance') },
    { name: 'signing12800', title: t('signing12800') },
  ];
  const restProps: StoreFormRestProps = {
    form,
    recordId,
    loaded,
    gate,
    level,
    rules,
    onMounted: onLaterMounted,
  };
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
          <Button type="primary" loading={saving} disabled={!laterMounted} onClick={submit} data-testid="store-save">
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
          <StoreSectionNav
            sections={sections}
            label={t('sections')}
            mounted={(name) => laterMounted || name === 'basic' || name === 'owner'}
          />
          <StoreSection name="basic" title={t('basic')}>
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
          </StoreSection>
          {showOwner && (
            <StoreSection name="owner" title={t('owner')}>
              <Suspense fallback={<Spin />}>
                <Form.Item name="owner" label={t('ownerUser')}>
                  <MemberSelect single title={t('ownerUser')} placeholder={t('ownerUser')} />
                </Form.Item>
              </Suspense>
            </StoreSection>
          )}

          <Suspense fallback={<Spin className="store-form__more" />}>
            {later && <StoreFormRest {...restProps} />}
          </Suspense>
        </Form>
      )}
    </Drawer>
  );
}
