import type { ExamineFormDefinition } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio } from 'antd';
import { useEffect } from 'react';
import { formKeys, formsApi } from './api';
import { ContentItem, DateItem, HandoverSelect, ModelItem, TextItem } from './items';
import { useFormsMessages } from './messages';

type Props = { def: ExamineFormDefinition };

/** 普通审批: content and details (images below, as every form). */
export function GeneralForm({ def }: Props) {
  const t = useFormsMessages();
  return (
    <>
      <ContentItem def={def} />
      <TextItem def={def} path={['detail']} label={t('detail')} max={800} area placeholder={t('detailTips')} />
    </>
  );
}

/** 补卡: time, clock-in or clock-out, reason. */
export function CardReplacementForm({ def }: Props) {
  const t = useFormsMessages();
  return (
    <>
      <DateItem def={def} path={['cardReplacementTime']} label={t('cardTime')} kind="datetime" />
      <ModelItem def={def} path={['cardReplacementMode']} label={t('cardMode')}>
        <Radio.Group
          aria-label={t('cardMode')}
          options={[
            { value: 'on', label: t('cardOn') },
            { value: 'off', label: t('cardOff') },
          ]}
        />
      </ModelItem>
      <TextItem def={def} path={['detail']} label={t('cardReason')} max={200} area />
    </>
  );
}

/** 业绩预估: content, month, estimated turnover. */
export function PredictForm({ def }: Props) {
  const t = useFormsMessages();
  return (
    <>
      <ContentItem def={def} />
      <div className="exm-form__row">
        <DateItem def={def} path={['predictTime']} label={t('predictMonth')} kind="month" />
        <TextItem def={def} path={['predictTurnover']} label={t('predictTurnover')} max={13} />
      </div>
    </>
  );
}

/** The applicant's department and post, filled in once when the form opens empty. */
function useStaffFill(keys: { deptName?: boolean; post?: boolean }) {
  const form = Form.useFormInstance();
  const staff = useQuery({ queryKey: formKeys.staff, queryFn: formsApi.staffInfo });
  useEffect(() => {
    if (!staff.data) return;
    if (keys.deptName && !form.getFieldValue(['model', 'deptName']))
      form.setFieldValue(['model', 'deptName'], staff.data.deptName);
    if (keys.post && !form.getFieldValue(['model', 'post'])) form.setFieldValue(['model', 'post'], staff.data.post);
  }, [staff.data, form, keys.deptName, keys.post]);
}

/** 离职: staff data, dates, reason, handover person; the content holds the handover items. */
export function QuitForm({ def }: Props) {
  const t = useFormsMessages();
  useStaffFill({ deptName: true, post: true });
  return (
    <>
      <div className="exm-form__row">
        <TextItem def={def} path={['deptName']} label={t('deptName')} max={50} required={false} />
        <TextItem def={def} path={['post']} label={t('post')} max={50} required={false} />
      </div>
      <div className="exm-form__row">
        <DateItem def={def} path={['entryTime']} label={t('entryTime')} />
        <DateItem def={def} path={['quitTime']} label={t('quitTime')} />
      </div>
      <TextItem def={def} path={['quitCause']} label={t('quitCause')} max={200} area />
      <ContentItem def={def} label={t('quitContent')} area />
      <ModelItem def={def} path={['handoverUser']} label={t('handover')}>
        <HandoverSelect />
      </ModelItem>
    </>
  );
}

/** 转正: post, entry date, understanding, summary and proposal (200 characters each). */
export function PositiveForm({ def }: Props) {
  const t = useFormsMessages();
  useStaffFill({ post: true });
  return (
    <>
      <div className="exm-form__row">
        <TextItem def={def} path={['post']} label={t('post')} max={50} />
        <DateItem def={def} path={['entryTime']} label={t('entryTime')} />
      </div>
      <TextItem def={def} path={['understand']} label={t('understand')} max={200} area />
      <TextItem def={def} path={['summary']} label={t('summary')} max={200} area />
      <TextItem def={def} path={['proposal']} label={t('proposal')} max={200} area />
    </>
  );
}
