import type { FieldDefinition } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  collectFields,
  DynamicFormFields,
  type FieldValues,
  initialValues,
  newBatchId,
  toWire,
} from '@/components/dynamic-form';
import { FileUploadList } from '@/components/upload';
import { recordApi, recordKeys } from '../api';
import { codeOf, labelled } from '../codes';
import { useKindFields } from '../fields';
import { useCrmMessages } from '../messages';
import type { CrmKind } from '../types';

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
 * 新建 / 编辑 + the kind's name (crm-records §2): 基本信息 with the descriptor's fixed fields, the
 * custom fields below, in two columns by the dynamic form and the shared value rules, then the
 * record's attachments. Saves `{entity, field}` to `/<prefix>/addOrUpdate` with the form's batch
 * id (a double click answers the same record). A kind with its own panel never shows this.
 */
export function RecordFormOverlay({
  kind,
  open,
  recordId,
  onClose,
  onSaved,
  preset,
}: {
  kind: CrmKind;
  open: boolean;
  recordId?: number;
  onClose: () => void;
  onSaved: (id?: number) => void;
  /**
   * A record created from its parent (crm-records §4 "relative"): fixed values the parent gives
   * (a contact's `customerId`), prefilled and locked.
   */
  preset?: Record<string, unknown>;
}) {
  const d = kind.descriptor;
  const t = useCrmMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const api = useMemo(() => recordApi(kind.prefix), [kind.prefix]);
  const fields = useKindFields(kind);
  const detail = useQuery({
    queryKey: recordKeys.detail(kind.prefix, recordId ?? 0),
    queryFn: () => api.detail(recordId!),
    enabled: recordId !== undefined,
  });
  const [form] = Form.useForm();
  const [newBatch] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const record = detail.data?.record;
  const batchId = recordId ? String(record?.batchId ?? '') : newBatch;
  const title = recordId ? t('edit', { name: d.name }) : t('create', { name: d.name });

  const fixed = fields.data?.fixed ?? [];
  const custom = fields.data?.custom ?? [];
  const loading = fields.isLoading || (recordId !== undefined && detail.isLoading);
  const failed = fields.isError || detail.isError;

  const submit = async () => {
    if (saving) return;
    let values: { fixed?: FieldValues; custom?: FieldValues };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const entity: Record<string, unknown> & { batchId: string } = { batchId };
      for (const f of fixed as FieldDefinition[])
        entity[f.fieldName!] = codeOf(kind, f.fieldName!, toWire(f, values.fixed?.[f.fieldName!]));
      if (recordId) entity[d.idField] = recordId;
      const answer = await api.save({ entity, field: collectFields(custom, values.custom ?? {}) });
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
          <Button
            type="primary"
            loading={saving}
            disabled={loading || failed}
            onClick={submit}
            data-testid="record-save"
          >
            {t('save')}
          </Button>
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
            fixed: initialValues(fixed, record ? labelled(kind, record) : preset ? labelled(kind, preset) : undefined),
            custom: initialValues(custom, record),
          }}
        >
          <Typography.Title level={5}>{t('basicInfo')}</Typography.Title>
          <DynamicFormFields fields={fixed} name="fixed" locked={recordId ? undefined : Object.keys(preset ?? {})} />
          {custom.length > 0 && (
            <>
              <Typography.Title level={5}>{t('customFields')}</Typography.Title>
              <DynamicFormFields fields={custom} name="custom" />
            </>
          )}
          {d.features.attachments && batchId && (
            <>
              <Typography.Title level={5}>{t('attachments')}</Typography.Title>
              <FileUploadList batchId={batchId} />
            </>
          )}
        </Form>
      )}
    </Drawer>
  );
}
