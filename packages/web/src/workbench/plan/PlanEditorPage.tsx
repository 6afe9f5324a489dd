import { planDocSaveSchema, planDocText } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { RichTextEditor, useSaveRichDoc } from '@/components/rich-text';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { type PlanDocDetail, planApi, planKeys } from './api';
import { usePlanMessages } from './messages';
import './plan.css';

type Values = { title: string; content: string; sharedUsers: PickedUser[] };

const toInput = (v: Record<string, unknown>) => {
  const values = v as Partial<Values>;
  return {
    title: values.title ?? '',
    content: values.content ?? '',
    sharedUserIds: (values.sharedUsers ?? []).map((u) => u.userId),
  };
};

/**
 * The form of a planning document: title, rich-text body, the people it is shared with and
 * attachments. One batch per open form (a double click answers the same document); a new
 * document's body is kept as a local draft until it is saved.
 */
function PlanEditor({ editing }: { editing?: PlanDocDetail }) {
  const t = usePlanMessages();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const uploads = useUploadSession();
  const [batchId, setBatchId] = useState(() => editing?.batchId || newBatchId());
  const draftKey = editing ? `plan-${editing.planId}` : 'plan-new';

  const initial: Values = {
    title: editing?.title ?? '',
    content: editing?.content ?? '',
    sharedUsers: editing?.sharedUsers.map((u) => ({ userId: u.userId, realname: u.realname, img: u.img })) ?? [],
  };

  const back = (planId?: number) =>
    navigate(planId ? `/workbench/rich-list?planId=${planId}` : '/workbench/rich-list', { replace: true });

  const cancel = () => {
    void uploads.discard();
    back(editing?.planId);
  };

  const { saving, submit } = useSaveRichDoc({
    validate: () => validateWithSchema(form, planDocSaveSchema, toInput, { sharedUserIds: 'sharedUsers' }),
    save: () =>
      planApi.save({
        ...toInput(form.getFieldsValue(true)),
        planId: editing?.planId,
        batchId,
        removedFileIds: uploads.removed,
      }),
    draftKey,
    savedMessage: t('saved'),
    refresh: [planKeys.all],
    uploads,
    onSaved: (answer) => back(answer.planId),
  });

  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="plan-form">
      <Form.Item name="title" label={t('planTitle')} required>
        <Input maxLength={planDocText.title.max} autoFocus data-testid="plan-title" />
      </Form.Item>
      <Form.Item name="content" label={t('content')} required>
        <RichTextEditor batchId={batchId} draftKey={draftKey} testId="plan-content" minHeight={360} />
      </Form.Item>
      <Form.Item name="sharedUsers" label={t('sharedUsers')} extra={t('sharedTips')}>
        <MemberSelect title={t('sharedUsers')} placeholder={t('sharedUsers')} />
      </Form.Item>
      <Form.Item label={t('attachments')}>
        <UploadSessionProvider session={uploads}>
          <FileUploadList batchId={batchId} onBatchIdChange={setBatchId} />
        </UploadSessionProvider>
      </Form.Item>
      <div className="plan-editor__actions">
        <Button onClick={cancel}>{t('cancel')}</Button>
        <Button type="primary" loading={saving} onClick={submit} data-testid="plan-save">
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}

/** rich-text (spec 2.3, the planning editor): a new document, or `?planId=` one of mine to edit. */
export default function PlanEditorPage() {
  const t = usePlanMessages();
  const [params] = useSearchParams();
  const planId = Number(params.get('planId')) || null;
  const detail = useQuery({
    queryKey: planKeys.detail(planId ?? 0),
    queryFn: () => planApi.detail(planId!),
    enabled: planId !== null,
  });
  const ready = planId === null || detail.data?.permitted.update;
  return (
    <Card title={planId ? t('editTitle') : t('create')} className="plan-editor">
      {planId !== null && detail.isPending && <Spin />}
      {planId !== null && (detail.isError || (detail.data && !detail.data.permitted.update)) && (
        <Empty description={t('notFound')} />
      )}
      {ready && <PlanEditor key={planId ?? 'new'} editing={detail.data} />}
    </Card>
  );
}
