import type { FieldDefinition } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  collectFields,
  DynamicFormFields,
  type FieldValues,
  initialValues,
  isWritableField,
  toWire,
} from '@/components/dynamic-form';
import { recordApi, recordKeys } from '../api';
import { emptyProductLines, type ProductLinesValue, toSubmission } from '../product-lines/model';
import '../sales/widgets';
import { codeOf, labelled } from '../codes';
import { useCrmMessages } from '../messages';
import { useKindNames } from '../names';
import type { CrmKind } from '../types';
import { LaidOutForm } from './layout/LaidOutForm';
import { ReviewButtons, useReviewBlock } from './ReviewBlock';
import ReviewSection from './ReviewSection';
import { RecordFormTail, useRecordFormData } from './record-form-parts';

/** Spec 9 / crm-records §2: the create overlay is 700 px wide. */
export const RECORD_FORM_WIDTH = 700;

/** The saved record's id from the kind's save answer (`{id}`, or the record with its id field). */
const savedId = (answer: unknown, idField: string): number | undefined => {
  if (answer && typeof answer === 'object') {
    const a = answer as Record<string, unknown>;
    const id = Number(a.id ?? a[idField]);
    if (Number.isInteger(id) && id > 0) return id;
  }
  return undefined;
};

/**
 * A kind's create/edit form: in the kind's own sections when it declares a layout (issue 27,
 * h-layout: crm/form/layout/), otherwise the plain form below.
 */
export function RecordFormOverlay(props: Parameters<typeof PlainRecordForm>[0]) {
  return props.kind.form ? <LaidOutForm {...props} /> : <PlainRecordForm {...props} />;
}

/**
 * 新建 / 编辑 + the kind's name (crm-records §2): 基本信息 with the descriptor's fixed fields, the
 * custom fields below, in two columns by the dynamic form and the shared value rules, then the
 * record's attachments. Saves `{entity, field}` to `/<prefix>/addOrUpdate` with the form's batch
 * id (a double click answers the same record). A kind with its own panel never shows this.
 */
function PlainRecordForm({
  kind,
  open,
  recordId,
  onClose,
  onSaved,
  preset,
  locked,
}: {
  kind: CrmKind;
  open: boolean;
  recordId?: number;
  onClose: () => void;
  onSaved: (id?: number) => void;
  /**
   * A relative create (crm-records §4): fixed values from the parent record (a contact's or an
   * opportunity's customerId), prefilled.
   */
  preset?: Record<string, unknown>;
  /** Fixed fields the parent locks (shown, not editable); on a new record, the preset's by default. */
  locked?: readonly string[];
}) {
  const d = kind.descriptor;
  const t = useCrmMessages();
  const kindLabel = useKindNames(kind.descriptor).name;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const api = useMemo(() => recordApi(kind.prefix, { save: kind.saveCall }), [kind.prefix, kind.saveCall]);
  const lockedFields = locked ?? (recordId ? undefined : Object.keys(preset ?? {}));
  const { record, batchId, fixed, custom, withProducts, initialLines, loading, failed } = useRecordFormData(
    kind,
    recordId,
  );
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // A kind reviewed on the approval engine saves a draft or submits for review (ReviewBlock.tsx).
  const review = useReviewBlock(d, form);
  const title = recordId ? t('edit', { name: kindLabel }) : t('create', { name: kindLabel });

  const submit = async (draft = false) => {
    if (saving) return;
    let values: { fixed?: FieldValues; custom?: FieldValues; productLines?: ProductLinesValue };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const reviewPart = review.reviewed ? review.part(draft) : {};
    if (!reviewPart) return;
    setSaving(true);
    try {
      const entity: Record<string, unknown> & { batchId: string } = { batchId };
      // Hidden and read-only fixed fields are not sent: the server keeps (or leaves empty) their values.
      for (const f of (fixed as FieldDefinition[]).filter(isWritableField))
        entity[f.fieldName!] = codeOf(kind, f.fieldName!, toWire(f, values.fixed?.[f.fieldName!]));
      if (recordId) entity[d.idField] = recordId;
      // A locked parent field keeps the parent's value whatever the form holds.
      for (const name of lockedFields ?? []) if (preset && name in preset) entity[name] = preset[name];
      const products = withProducts ? toSubmission(values.productLines ?? emptyProductLines) : undefined;
      if (products) Object.assign(entity, products.totals);
      if (reviewPart.checkStatus !== undefined) entity.checkStatus = reviewPart.checkStatus;
      const answer = await api.save({
        entity,
        field: collectFields(custom, values.custom ?? {}),
        ...(products ? { product: products.product } : {}),
        ...(reviewPart.checkUserId === undefined ? {} : { checkUserId: reviewPart.checkUserId }),
      });
      message.success(recordId ? t('edited') : t('added'));
      void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
      onSaved(savedId(answer, d.idField) ?? recordId);
    } catch {
      // Save failure: loading stops, the form stays open (the request layer showed the message).
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={RECORD_FORM_WIDTH}
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="record-form"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {review.reviewed ? (
            <ReviewButtons saving={saving} disabled={loading || failed} onSave={submit} />
          ) : (
            <Button
              type="primary"
              loading={saving}
              disabled={loading || failed}
              onClick={() => submit()}
              data-testid="record-save"
            >
              {t('save')}
            </Button>
          )}
        </Space>
      }
    >
      {failed ? (
        <Result status="warning" title={t('loadFieldsFailed')} />
      ) : loading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            fixed: initialValues(fixed, {
              ...(record ? labelled(kind, record) : {}),
              ...(preset ? labelled(kind, preset) : {}),
            }),
            custom: initialValues(custom, record),
            productLines: initialLines,
          }}
        >
          <Typography.Title level={5}>{t('basicInfo')}</Typography.Title>
          <DynamicFormFields fields={fixed} name="fixed" disabledFields={lockedFields} />
          <RecordFormTail kind={kind} custom={custom} withProducts={withProducts} batchId={batchId} />
          {review.reviewed && <ReviewSection flow={review.flow} />}
        </Form>
      )}
    </Drawer>
  );
}
