import type { FieldDefinition } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { DynamicFormFields, fieldWidgets, toWire } from '@/components/dynamic-form';
import { showTime } from '@/shell/time';
import { declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { StatusTag } from './status';

const shown = (v: unknown) => (v == null || v === '' ? null : Array.isArray(v) ? v.join('、') : String(v));

/** Correct one cell: the field's own widget and rule; the change is logged on the server. */
function CellEditor({
  submissionId,
  field,
  value,
  onClose,
}: {
  submissionId: number;
  field: FieldDefinition;
  value: unknown;
  onClose: (saved: boolean) => void;
}) {
  const t = useDeclMessages();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (v: unknown) => declApi.updateCell(submissionId, field.fieldName!, v),
    onSuccess: () => onClose(true),
  });
  return (
    <Modal
      open
      title={t('correctTitle', { name: field.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      onOk={async () => {
        if (
          !(await form.validateFields().then(
            () => true,
            () => false,
          ))
        )
          return;
        save.mutate(toWire(field, form.getFieldsValue(true).values?.[field.fieldName!]));
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ values: { [field.fieldName!]: value } }}>
        <DynamicFormFields fields={[field]} />
      </Form>
    </Modal>
  );
}

/** One submission for its auditor: every value with a 更正 link, the verdict, and the correction log. */
export function SubmissionModal({
  submissionId,
  fields,
  onClose,
}: {
  submissionId: number;
  fields: FieldDefinition[];
  onClose: () => void;
}) {
  const t = useDeclMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FieldDefinition | null>(null);
  const [reason, setReason] = useState('');
  const form = useQuery({ queryKey: declKeys.form(submissionId), queryFn: () => declApi.form(submissionId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: declKeys.all });
  const audit = useMutation({
    mutationFn: (status: number) => declApi.audit(submissionId, status, reason),
    onSuccess: async () => {
      message.success(t('audited'));
      await refresh();
      onClose();
    },
  });
  const d = form.data;
  const label = (v: unknown) => shown(v) ?? t('empty');
  return (
    <Modal open title={d?.realname ?? ''} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {d.deptName} · {showTime(d.submitTime)} <StatusTag status={d.status} />
            {d.auditTime && ` ${t('auditInfo', { name: d.auditUserName, time: showTime(d.auditTime) })}`}
            {d.status === 3 && ` ${t('rejectedReason', { reason: d.auditReason })}`}
          </Typography.Paragraph>
          <Descriptions
            className="decl-values"
            size="small"
            bordered
            column={1}
            data-testid="decl-values"
            items={fields
              .filter((f) => fieldWidgets[f.formType])
              .map((f) => ({
                key: f.fieldName ?? f.name,
                label: f.name,
                children: (
                  <Space wrap>
                    <span>{label(d.values[f.fieldName!])}</span>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setEditing(f)}
                      data-testid={`decl-correct-${f.name}`}
                    >
                      {t('correct')}
                    </Button>
                  </Space>
                ),
              }))}
          />
          {d.logs.length > 0 && (
            <div style={{ marginTop: 12 }} data-testid="decl-logs">
              <Typography.Text strong>{t('logs')}</Typography.Text>
              {d.logs.map((l) => (
                <div key={l.logId} className="decl-log">
                  {t('logLine', {
                    user: l.userName,
                    time: showTime(l.createTime),
                    field: l.fieldLabel,
                    old: label(l.oldValue),
                    new: label(l.newValue),
                  })}
                </div>
              ))}
            </div>
          )}
          {d.status === 1 && (
            <div style={{ marginTop: 16 }}>
              <Input.TextArea
                placeholder={t('rejectReason')}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                autoSize={{ minRows: 2, maxRows: 4 }}
                data-testid="decl-reason"
              />
              <Space style={{ marginTop: 8, float: 'right' }}>
                <Button danger loading={audit.isPending} onClick={() => audit.mutate(3)} data-testid="decl-reject">
                  {t('reject')}
                </Button>
                <Button
                  type="primary"
                  loading={audit.isPending}
                  onClick={() => audit.mutate(2)}
                  data-testid="decl-approve"
                >
                  {t('approve')}
                </Button>
              </Space>
              <div style={{ clear: 'both' }} />
            </div>
          )}
        </>
      )}
      {editing && (
        <CellEditor
          submissionId={submissionId}
          field={editing}
          value={d?.values[editing.fieldName!]}
          onClose={async (saved) => {
            setEditing(null);
            if (saved) {
              message.success(t('corrected'));
              await refresh();
            }
          }}
        />
      )}
    </Modal>
  );
}
