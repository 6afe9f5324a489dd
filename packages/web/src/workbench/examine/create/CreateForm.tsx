import { Form, type FormInstance, Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { DynamicFormFields } from '@/components/dynamic-form';
import { MemberSelect } from '@/components/member-picker';
import { FileUploadList } from '@/components/upload';
import type { CategoryItem, FlowInfo } from '../api';
import { dedicatedForm } from '../forms/registry';
import { ApproverLevels, type Levels, levelsComplete } from './ApproverLevels';
import type { CreateValues } from './body';
import { FlowPreview } from './FlowPreview';
import { useCreateMessages } from './messages';
import { RelatedBusiness } from './RelatedBusiness';
import type { RelatedKind } from './related';

function Section({ title, extra, children }: { title: string; extra?: string; children: React.ReactNode }) {
  return (
    <section className="exm-sheet__section">
      <header className="exm-sheet__head">
        <span className="exm-sheet__title">{title}</span>
        {extra && <span className="exm-sheet__extra">{extra}</span>}
      </header>
      {children}
    </section>
  );
}

/** Calls `onMounted` once its Suspense boundary has shown its content (the lazy form is in place). */
function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}

/** The sheet of the create view: the category's form, attachments, approvers and CC. */
export function CreateForm({
  form,
  category,
  batchId,
  flow,
  fixedCc = [],
  related = [],
  onFormMounted,
}: {
  form: FormInstance<CreateValues>;
  category: CategoryItem;
  batchId: string;
  flow: FlowInfo;
  /** Copy recipients the category sets: shown, not removable. */
  fixedCc?: number[];
  /** Record kinds the applicant may link (related.ts); the block is hidden when none. */
  related?: RelatedKind[];
  /**
   * A dedicated form loads on demand: until it is in place its fields are not registered, so
   * a submit would check nothing; the view keeps its submit button off until this is called.
   */
  onFormMounted?: () => void;
}) {
  const t = useCreateMessages();
  const dedicated = dedicatedForm(category.type);
  const images = dedicated?.def.images ?? false;
  return (
    <Form form={form} layout="vertical" className="exm-sheet" name="examine-create" autoComplete="off">
      <Section title={t('formSection')} extra={category.remarks}>
        {dedicated ? (
          <Suspense fallback={<Spin />}>
            <dedicated.Form def={dedicated.def} />
            <Mounted onMounted={onFormMounted} />
          </Suspense>
        ) : (
          <DynamicFormFields fields={category.fields} />
        )}
        {/* A type that needs a picture (补卡) marks it; the server refuses without: 请上传图片后再操作. */}
        <Form.Item label={images ? t('images') : t('attachments')} required={dedicated?.def.imagesRequired}>
          <FileUploadList batchId={batchId} type={images ? 'img' : 'file'} />
        </Form.Item>
      </Section>

      {related.length > 0 && (
        <Section title={t('relatedSection')} extra={t('relatedHint')}>
          <RelatedBusiness kinds={related} />
        </Section>
      )}

      <Section title={t('flowSection')} extra={flow.examineType === 2 ? t('levelsHint') : undefined}>
        {flow.examineType === 1 ? (
          <FlowPreview flow={flow} />
        ) : (
          <Form.Item
            name="levels"
            label={t('approvers')}
            required
            validateTrigger={['onBlur']}
            rules={[
              {
                // No one chosen at all: 至少选择一个审批人 (as the server answers); a level
                // added and left empty: 审批人不能为空.
                validator: async (_, levels: Levels | undefined) => {
                  if (!levels?.some((l) => l !== null)) throw new Error(t('noApprover'));
                  if (!levelsComplete(levels)) throw new Error(t('approverRequired'));
                },
              },
            ]}
          >
            <ApproverLevels />
          </Form.Item>
        )}
      </Section>

      <Section title={t('ccSection')} extra={t('ccHint')}>
        <Form.Item name="ccUsers" noStyle>
          <MemberSelect title={t('chooseCc')} placeholder={t('chooseCc')} fixedIds={fixedCc} />
        </Form.Item>
      </Section>
    </Form>
  );
}
