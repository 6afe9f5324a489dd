import { examineFormOf, leaveDays, leaveDaysLeft } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { companyToday } from '@/shell/time';
import { formKeys, formsApi } from './api';
import { ContentItem, DateItem, HandoverSelect, ModelItem, TextItem } from './items';
import { useFormsMessages } from './messages';

const def = examineFormOf('leave')!;

/** The start may be yesterday at the earliest (the server checks the same). */
const beforeYesterday = (d: dayjs.Dayjs) => d.isBefore(companyToday().subtract(1, 'day'), 'day');

/**
 * 请假: type, content, dates, the duration computed from them (whole days between + 1, recomputed
 * whenever a date changes; the server checks it again), handover person, remark, images. The
 * applicant's approved leave this year is shown against the allowance.
 */
export default function LeaveForm() {
  const t = useFormsMessages();
  const form = Form.useFormInstance();
  const types = useQuery({ queryKey: formKeys.leaveTypes, queryFn: formsApi.leaveTypes });
  const balance = useQuery({ queryKey: formKeys.leaveBalance, queryFn: formsApi.leaveBalance });
  const start = Form.useWatch(['model', 'startTime'], form) as string | undefined;
  const end = Form.useWatch(['model', 'endTime'], form) as string | undefined;

  useEffect(() => {
    if (start === undefined && end === undefined) return;
    form.setFieldValue(['model', 'duration'], start && end && end >= start ? leaveDays(start, end) : '');
  }, [start, end, form]);

  // Days left first (what a person asks before applying); types without an allowance show days used.
  const lines = (balance.data ?? []).map((b) => {
    const left = leaveDaysLeft(b);
    return left === null
      ? t('balanceUsed', { name: b.name, used: b.used })
      : t('balanceLeft', { name: b.name, left, used: b.used, allowance: b.allowance ?? 0 });
  });
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="exm-form__balance"
        data-testid="leave-balance"
        message={lines.length ? t('balance', { lines: lines.join('；') }) : t('noBalance')}
      />
      <ModelItem def={def} path={['leaveType']} label={t('leaveType')}>
        <Select
          aria-label={t('leaveType')}
          loading={types.isLoading}
          options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        />
      </ModelItem>
      <ContentItem def={def} />
      <div className="exm-form__row">
        <DateItem def={def} path={['startTime']} label={t('startDay')} disabledDate={beforeYesterday} />
        <DateItem
          def={def}
          path={['endTime']}
          label={t('endDay')}
          dependencies={[['model', 'startTime']]}
          disabledDate={(d) => Boolean(start) && d.isBefore(dayjs(start), 'day')}
        />
      </div>
      <ModelItem
        def={def}
        path={['duration']}
        label={t('duration')}
        extra={t('durationHint')}
        dependencies={[
          ['model', 'startTime'],
          ['model', 'endTime'],
        ]}
      >
        <Input readOnly aria-label={t('duration')} data-testid="leave-duration" />
      </ModelItem>
      <ModelItem def={def} path={['handoverUser']} label={t('handover')}>
        <HandoverSelect />
      </ModelItem>
      <TextItem def={def} path={['remark']} label={t('remark')} max={200} area required={false} />
    </>
  );
}
