import { changeLinks, contractKind, customerKind, linkFieldsEnabled, receivablesKind } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { collectFields, DynamicFormFields, type FieldValues, initialValues, toWire } from '@/components/dynamic-form';
import { type PickedRecord, RecordLinkPicker } from '@/components/record-picker';
import { recordKeys } from '../api';
import { RECORD_FORM_WIDTH } from '../form/RecordFormOverlay';
import { ReviewButtons, ReviewSection, useReviewBlock } from '../form/ReviewBlock';
import { RecordFormTail, useRecordFormData } from '../form/record-form-parts';
import { kindBase } from '../kind-base';
import { useKindNames } from '../names';
import { emptyProductLines, type ProductLinesValue, toSubmission } from '../product-lines/model';
import type { CrmKind, FormPanelProps } from '../types';
import { contractApi, type ReviewType, reviewTypeOf } from './api';
import { useContractMessages } from './messages';

/**
 * A relative create (crm-records 4): the parent's links, prefilled and locked. A contract made
 * from an opportunity's tab also takes the opportunity (and with it its products and money).
 */
export type Prefill = {
  customer?: PickedRecord;
  contractId?: number;
  contractNum?: string;
  business?: { id: number; name: string };
};

type Props = FormPanelProps & { kind: CrmKind; prefill?: Prefill };

/**
 * The links this panel lays out itself (the customer picker, the approved contracts and free
 * plans of the chosen customer): by field, not by form type, so another link is the dynamic form's.
 */
const ownLinks = new Set(['customerId', 'contractId', 'planId']);

/**
 * The contract and receivable create/edit overlay (crm-records 2–4): 基本信息 (the relation
 * fields as pickers, the others by the dynamic form), the custom fields, attachments, then
 * 审核信息 — 固定审批流 lists the configured steps, 授权审批人 asks for one approver — and the
 * buttons 取消, 保存草稿 (checkStatus 5, no approver needed) and 提交审核. A receivable's contract
 * waits for its customer and lists approved contracts only; its plan waits for the contract.
 */
export function ReviewFormPanel({ kind, open, recordId, onClose, onSaved, prefill }: Props) {
  const d = kind.descriptor;
  const reviewType: ReviewType = reviewTypeOf(d);
  const isReceivable = reviewType === 2;
  const t = useContractMessages();
  const kindLabel = useKindNames(kind.descriptor).name;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { record, batchId, fixed, custom, withProducts, initialLines, loading, failed } = useRecordFormData(
    kind,
    recordId,
  );
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // 审核信息, 保存草稿 and 提交审核: the review block every reviewed kind's form has.
  const review = useReviewBlock(d, form);

  const plain = fixed.filter((f) => !ownLinks.has(f.fieldName ?? ''));
  const label = (name: string) => fixed.find((f) => f.fieldName === name)?.name ?? name;
  // A link hidden from the user (absent from their fields) is neither shown nor sent on an edit:
  // the server keeps the stored one. A new record always needs it.
  const linkShown = (name: string) => !recordId || fixed.length === 0 || fixed.some((f) => f.fieldName === name);
  const customer: PickedRecord[] = Form.useWatch('customer', form) ?? [];
  const contractId: number | undefined = Form.useWatch('contractId', form);
  const customerId = customer[0]?.id;
  const enabled = linkFieldsEnabled(
    { customerId, contractId },
    { customer: Boolean(prefill?.customer), contract: prefill?.contractId !== undefined },
  );
  // A contract's opportunity: one of the chosen customer's, nothing before a customer is chosen.
  const businesses = useQuery({
    queryKey: ['customerBusinessChoices', customerId],
    queryFn: () => contractApi.businessOfCustomer(customerId!),
    enabled: withProducts && customerId !== undefined,
  });
  const businessOptions = useMemo(() => {
    const list = (businesses.data?.list ?? []).map((b) => ({
      value: Number(b.businessId),
      label: String(b.businessName),
    }));
    if (record?.businessId && !list.some((b) => b.value === Number(record.businessId)))
      list.push({ value: Number(record.businessId), label: String(record.businessName ?? record.businessId) });
    if (prefill?.business && !list.some((b) => b.value === prefill.business?.id))
      list.push({ value: prefill.business.id, label: prefill.business.name });
    return list;
  }, [businesses.data, record, prefill]);
  /** Choosing an opportunity brings its products and money into the form (crm-records 4). */
  const takeBusiness = async (businessId: number | undefined) => {
    if (businessId === undefined) return;
    const answer = await contractApi.businessProducts(businessId);
    const moneyField = plain.find((f) => f.fieldName === 'money');
    form.setFieldValue('productLines', {
      lines: answer.list,
      discountRate: answer.discountRate,
      totalPrice: answer.money,
    } satisfies ProductLinesValue);
    if (moneyField) form.setFieldValue(['fixed', 'money'], initialValues([moneyField], { money: answer.money }).money);
  };
  // A new contract from an opportunity's tab starts with that opportunity's products and money,
  // once the form is on screen (it holds the fields the answer fills).
  const tookPrefill = useRef(false);
  useEffect(() => {
    if (recordId || !prefill?.business || loading || failed || tookPrefill.current) return;
    tookPrefill.current = true;
    void takeBusiness(prefill.business.id);
  });
  const contracts = useQuery({
    queryKey: ['approvedContracts', customerId],
    queryFn: () => contractApi.approvedContracts(customerId!),
    enabled: isReceivable && customerId !== undefined,
  });
  const plans = useQuery({
    queryKey: ['freePlans', contractId],
    queryFn: () => contractApi.freePlans(contractId!),
    enabled: isReceivable && contractId !== undefined,
  });
  const planOptions = useMemo(() => {
    const free = (plans.data ?? []).map((p) => ({ value: p.planId, label: String(p.num) }));
    // Editing: the plan this receivable already uses is not free, but stays choosable.
    const own = record?.planId ? Number(record.planId) : undefined;
    if (own && !free.some((p) => p.value === own) && Number(record?.contractId) === contractId)
      free.unshift({ value: own, label: String(record?.planNum ?? own) });
    return free;
  }, [plans.data, record, contractId]);
  const contractOptions = useMemo(() => {
    const list = (contracts.data?.list ?? []).map((c) => ({ value: Number(c.contractId), label: String(c.num) }));
    if (prefill?.contractId && !list.some((c) => c.value === prefill.contractId))
      list.push({ value: prefill.contractId, label: prefill.contractNum ?? String(prefill.contractId) });
    if (record?.contractId && !list.some((c) => c.value === Number(record.contractId)))
      list.push({ value: Number(record.contractId), label: String(record.contractNum ?? record.contractId) });
    return list;
  }, [contracts.data, prefill, record]);

  const initial = {
    fixed: initialValues(plain, record ?? undefined),
    custom: initialValues(custom, record),
    customer: record
      ? [{ id: Number(record.customerId), name: String(record.customerName ?? '') }]
      : prefill?.customer
        ? [prefill.customer]
        : [],
    contractId: record ? Number(record.contractId) || undefined : prefill?.contractId,
    planId: record?.planId ? Number(record.planId) : undefined,
    businessId: record?.businessId ? Number(record.businessId) : prefill?.business?.id,
    // A contract's product lines (crm-records 3): loaded for an edit, posted with the save.
    productLines: initialLines,
  };

  const save = async (draft: boolean) => {
    if (saving) return;
    let values: {
      fixed?: FieldValues;
      custom?: FieldValues;
      customer?: PickedRecord[];
      contractId?: number;
      planId?: number;
      businessId?: number;
      productLines?: ProductLinesValue;
    };
    try {
      await form.validateFields();
      values = form.getFieldsValue(true);
    } catch {
      return;
    }
    const part = review.part(draft);
    if (!part) return;
    setSaving(true);
    try {
      const entity: Record<string, unknown> = { batchId };
      for (const f of plain) entity[f.fieldName!] = toWire(f, values.fixed?.[f.fieldName!]);
      if (linkShown('customerId')) entity.customerId = values.customer?.[0]?.id ?? '';
      if (isReceivable) {
        if (linkShown('contractId')) entity.contractId = values.contractId ?? '';
        entity.planId = values.planId ?? '';
      }
      const products = withProducts ? toSubmission(values.productLines ?? emptyProductLines) : undefined;
      if (products) {
        entity.businessId = values.businessId ?? '';
        Object.assign(entity, products.totals);
      }
      if (recordId) entity[d.idField] = recordId;
      if (part.checkStatus !== undefined) entity.checkStatus = part.checkStatus;
      const body = {
        entity,
        field: collectFields(custom, values.custom ?? {}),
        ...(products ? { product: products.product } : {}),
        checkUserId: part.checkUserId,
      };
      const answer = isReceivable ? await contractApi.saveReceivables(body) : await contractApi.saveContract(body);
      message.success(recordId ? t('edited') : t('added'));
      void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
      void queryClient.invalidateQueries({ queryKey: ['contractTabs'] });
      onSaved(answer.id);
    } catch {
      // Save failure: loading stops, the form stays open (the request layer showed the message).
      setSaving(false);
    }
  };

  const required = (name: string) => ({ required: true, message: t('required', { name: label(name) }) });

  return (
    <Drawer
      open={open}
      title={recordId ? t('edit', { name: kindLabel }) : t('create', { name: kindLabel })}
      size={RECORD_FORM_WIDTH}
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="record-form"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <ReviewButtons saving={saving} disabled={loading || failed} onSave={save} />
        </Space>
      }
    >
      {failed ? (
        <Result status="warning" />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={initial}
          onValuesChange={(changed) => {
            // crm-records 4: a contract's opportunity belongs to its customer; choosing one brings its products.
            if ('customer' in changed && changed.customer?.[0]?.id !== customerId)
              form.setFieldValue('businessId', undefined);
            if ('businessId' in changed) void takeBusiness(changed.businessId);
            // crm-records 4: a new customer resets the contract and the plan; a new contract the plan.
            if (!('customer' in changed) && !('contractId' in changed)) return;
            const change =
              'customer' in changed ? { customerId: changed.customer?.[0]?.id } : { contractId: changed.contractId };
            const next = changeLinks({ customerId, contractId, planId: form.getFieldValue('planId') }, change);
            form.setFieldsValue({ contractId: next.contractId, planId: next.planId });
          }}
        >
          <Typography.Title level={5}>{t('basicInfo')}</Typography.Title>
          {linkShown('customerId') && (
            <Form.Item
              name="customer"
              label={label('customerId')}
              required
              rules={[
                {
                  validator: (_, v) =>
                    v?.length
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('required', { name: label('customerId') }))),
                },
              ]}
            >
              <CustomerField disabled={!enabled.customer} placeholder={t('chooseCustomer')} />
            </Form.Item>
          )}
          {isReceivable && (
            <>
              {linkShown('contractId') && (
                <Form.Item name="contractId" label={label('contractId')} rules={[required('contractId')]}>
                  <Select
                    data-testid="receivable-contract"
                    placeholder={t('choose')}
                    disabled={!enabled.contract}
                    options={contractOptions}
                    loading={contracts.isFetching}
                  />
                </Form.Item>
              )}
              <Form.Item name="planId" label={label('planId')}>
                <Select
                  data-testid="receivable-plan"
                  placeholder={t('choose')}
                  allowClear
                  disabled={!enabled.plan}
                  options={planOptions}
                />
              </Form.Item>
            </>
          )}
          {withProducts && (
            <Form.Item name="businessId" label={t('business')}>
              <Select
                data-testid="contract-business"
                placeholder={t('choose')}
                allowClear
                disabled={customerId === undefined || Boolean(prefill?.business)}
                options={businessOptions}
                loading={businesses.isFetching}
              />
            </Form.Item>
          )}
          <DynamicFormFields fields={plain} name="fixed" />
          <RecordFormTail kind={kind} custom={custom} withProducts={withProducts} batchId={batchId} />
          <ReviewSection flow={review.flow} />
        </Form>
      )}
    </Drawer>
  );
}

/** The customer field: a button naming the chosen customer that opens the link picker (single). */
function CustomerField({
  value = [],
  onChange,
  disabled,
  placeholder,
}: {
  value?: PickedRecord[];
  onChange?: (v: PickedRecord[]) => void;
  disabled?: boolean;
  placeholder: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        disabled={disabled}
        data-testid="choose-customer"
        block
        style={{ textAlign: 'left' }}
        onClick={() => setOpen(true)}
      >
        {value[0]?.name || placeholder}
      </Button>
      <RecordLinkPicker
        open={open}
        kind={customerKind}
        prefix="CrmCustomer"
        single
        value={value}
        onCancel={() => setOpen(false)}
        onConfirm={(picked) => {
          setOpen(false);
          onChange?.(picked);
        }}
      />
    </>
  );
}

export function ContractFormPanel(props: FormPanelProps & { prefill?: Prefill }) {
  return <ReviewFormPanel {...props} kind={kindBase(contractKind.key)!} />;
}
export function ReceivablesFormPanel(props: FormPanelProps & { prefill?: Prefill }) {
  return <ReviewFormPanel {...props} kind={kindBase(receivablesKind.key)!} />;
}
