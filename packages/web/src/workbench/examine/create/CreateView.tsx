import { CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { initialValues, newBatchId } from '@/components/dynamic-form';
import type { PickedUser } from '@/components/member-picker';
import { UploadSessionProvider, useUploadSession } from '@/components/upload';
import { useSession } from '@/shell/session';
import { type CategoryItem, type ExamineDetail, examineApi, examineKeys } from '../api';
import { CategoryIcon } from '../category-icon';
import { formsApi } from '../forms/api';
import { dedicatedForm } from '../forms/registry';
import { firstIssue } from '../forms/schema-rules';
import { buildBody, buildDedicatedBody, type CreateValues } from './body';
import { CreateForm } from './CreateForm';
import { useLiveFlow } from './live-flow';
import { useCreateMessages } from './messages';
import { relatedKinds, relationOf } from './related';
import { SentBackNotice } from './SentBackNotice';

export type CreateTarget = { category: CategoryItem; editing?: ExamineDetail };
export const CLOSE_DELAY_MS = 500;

const asPicked = (list: { userId: number; realname: string; img?: string }[]): PickedUser[] =>
  list.map((u) => ({ userId: u.userId, realname: u.realname, img: u.img ?? '' }));

/** The administrator's recipients first, then the others, each once. */
const withFixed = (fixed: PickedUser[], chosen: PickedUser[]) => [
  ...fixed,
  ...chosen.filter((u) => !fixed.some((f) => f.userId === u.userId)),
];

/**
 * The full-screen create view: 新建/编辑 + the category's title, its form, attachments, the
 * approvers (fixed flow preview or chosen levels) and CC. One batchId per open form: the server
 * treats the same batch twice as the same approval, so a double click never creates two.
 * Attachments go through an upload session: nothing changes on the approval until 提交/更新,
 * and 取消 discards what was uploaded. The category's CC recipients are fixed (the server
 * copies them whatever is sent); the applicant may add more.
 */
export function CreateView({
  open,
  target,
  onClose,
  afterClose,
}: {
  open: boolean;
  target: CreateTarget | null;
  onClose: (saved: boolean) => void;
  afterClose?: () => void;
}) {
  const t = useCreateMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const uploads = useUploadSession();
  const { auth } = useSession();
  const related = relatedKinds(auth);
  const category = target?.category;
  const editing = target?.editing;
  const [batchId] = useState(() => editing?.batchId || newBatchId());
  const flow = useQuery({
    queryKey: examineKeys.flow(category?.categoryId ?? 0),
    queryFn: () => examineApi.flowInfo(category!.categoryId),
    enabled: Boolean(category),
  });
  const presets = useQuery({
    queryKey: examineKeys.presets(category?.categoryId ?? 0),
    queryFn: () => examineApi.presets(category!.categoryId),
    enabled: Boolean(category),
  });
  const ready = flow.isSuccess && presets.isSuccess;
  // Conditional steps: the preview follows the form as it is filled.
  const liveFlow = useLiveFlow(form, category, flow.data);
  const fixedCc = asPicked(presets.data?.ccUsers ?? []);
  const examineType = flow.data?.examineType ?? category?.examineType ?? 2;
  const dedicated = dedicatedForm(category?.type);
  // The category whose dedicated form has mounted (CreateForm): submit waits for it.
  const [formMountedFor, setFormMountedFor] = useState<number>();
  const formInPlace = !dedicated || formMountedFor === category?.categoryId;
  const onFormMounted = useCallback(() => setFormMountedFor(category?.categoryId), [category?.categoryId]);

  // Prefill once the presets (new) or the record (edit) are known.
  const filled = useRef(false);
  useEffect(() => {
    if (!ready || filled.current || !category) return;
    filled.current = true;
    const f = flow.data!;
    const preset = f.examineUser ? [{ userId: f.examineUser, realname: f.examineUserName, img: '' }] : [];
    form.setFieldsValue({
      content: editing?.content ?? '',
      detail: editing?.detail ?? '',
      model: editing ? editing.model : dedicated?.empty(),
      oaExamine: editing?.oaExamine ?? {},
      values: initialValues(category.fields, editing?.values),
      levels: editing
        ? editing.checkUsers.length
          ? asPicked(editing.checkUsers)
          : [null]
        : preset.length
          ? preset
          : [null],
      ccUsers: withFixed(asPicked(presets.data?.ccUsers ?? []), editing ? asPicked(editing.ccUsers) : []),
      relation: relationOf(editing?.relation, related),
    });
  }, [ready, category, editing, flow.data, presets.data, form, related, dedicated]);

  const cancel = () => {
    void uploads.discard();
    onClose(false);
  };

  const submit = async () => {
    if (!category || saving) return;
    let values: CreateValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true);
    } catch {
      return;
    }
    // Rules across fields and lines (dates in order, 请完善明细) that no single field shows.
    const blockIssue = dedicated ? firstIssue(dedicated.def.model(), values.model) : null;
    if (blockIssue) {
      message.error(blockIssue);
      return;
    }
    setSaving(true);
    try {
      const opts = {
        category,
        examineId: editing?.examineId,
        batchId,
        examineType,
        values,
        related,
        savedRelation: editing?.relation,
      };
      if (dedicated)
        await formsApi.submit(dedicated.def, {
          ...buildDedicatedBody(dedicated.def, opts),
          removedFileIds: uploads.removed,
        });
      else await examineApi.save({ ...buildBody(opts), removedFileIds: uploads.removed });
      void uploads.saved();
      message.success(t('submitted'));
      void queryClient.invalidateQueries({ queryKey: examineKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['todo'] });
      window.setTimeout(() => onClose(true), CLOSE_DELAY_MS);
    } catch {
      // the request layer showed the server's message; the spinner stops
      setSaving(false);
    }
  };

  const name = category?.title ?? '';
  return (
    <Drawer
      open={open}
      placement="right"
      size="100%"
      closable={false}
      className="exm-create"
      afterOpenChange={(o) => !o && afterClose?.()}
      onClose={cancel}
      title={
        <div className="exm-create__title">
          {category && <CategoryIcon icon={category.icon} title={name} size={28} />}
          <span>{editing ? t('editTitle', { name }) : t('newTitle', { name })}</span>
        </div>
      }
      extra={<Button type="text" aria-label={t('close')} icon={<CloseOutlined />} onClick={cancel} />}
      footer={
        <div className="exm-create__footer">
          <Space>
            <Button onClick={cancel}>{t('cancel')}</Button>
            <Button
              type="primary"
              loading={saving}
              disabled={!ready || !formInPlace}
              onClick={submit}
              data-testid="examine-submit"
            >
              {editing ? t('update') : t('create')}
            </Button>
          </Space>
        </div>
      }
    >
      {!category || !ready ? (
        <div className="exm-create__loading">
          <Spin />
          <Typography.Text type="secondary">{t('loading')}</Typography.Text>
        </div>
      ) : (
        <UploadSessionProvider session={uploads}>
          {editing && <SentBackNotice detail={editing} />}
          <CreateForm
            form={form}
            category={category}
            batchId={batchId}
            flow={liveFlow ?? flow.data!}
            fixedCc={fixedCc.map((u) => u.userId)}
            related={related}
            onFormMounted={onFormMounted}
          />
        </UploadSessionProvider>
      )}
    </Drawer>
  );
}
