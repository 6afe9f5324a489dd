import { type ExamineFormDefinition, PLANNING_CODE_TYPE, workingYearsBetween } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { formKeys, formsApi } from './api';
import { DateItem, ModelItem, TextItem } from './items';
import { useFormsMessages } from './messages';

type Props = { def: ExamineFormDefinition };

/** The position transfer's option lists (departments, posts, staff), shared with the HR apply. */
function useAdjustOptions() {
  const depts = useQuery({ queryKey: formKeys.adjust(1), queryFn: () => formsApi.adjustOptions(1) });
  const posts = useQuery({ queryKey: formKeys.adjust(2), queryFn: () => formsApi.adjustOptions(2) });
  const staff = useQuery({ queryKey: formKeys.adjust(3), queryFn: () => formsApi.adjustOptions(3) });
  return {
    depts: (depts.data ?? []).map((d) => ({ value: d.id!, label: d.name })),
    posts: (posts.data ?? []).map((p) => ({ value: p.name })),
    staff: staff.data ?? [],
    loading: depts.isLoading || staff.isLoading,
  };
}

/**
 * 调岗: who moves (picking the person fills in their current department, post and job number
 * from the organisation), their ID number and entry date, the reason, and the new department,
 * post and leader from the day of the adjustment. The years of service follow the two dates.
 */
export function PostAdjustForm({ def }: Props) {
  const t = useFormsMessages();
  const form = Form.useFormInstance();
  const options = useAdjustOptions();
  const entry = Form.useWatch(['model', 'entryTime'], form) as string | undefined;
  const adjust = Form.useWatch(['model', 'adjustTime'], form) as string | undefined;
  const years = entry && adjust && adjust >= entry ? String(workingYearsBetween(entry, adjust)) : '';
  const staffOptions = options.staff.map((s) => ({ value: s.id!, label: s.name }));

  const pickPerson = (userId: number | undefined) => {
    const person = options.staff.find((s) => s.id === userId);
    if (!person) return;
    form.setFieldValue(['model', 'oldDeptId'], person.deptId ?? undefined);
    form.setFieldValue(['model', 'oldPost'], person.post ?? '');
    if (person.jobNumber && !form.getFieldValue(['model', 'jobNumber']))
      form.setFieldValue(['model', 'jobNumber'], person.jobNumber);
  };
  const select = (
    label: string,
    placeholder: string,
    list: { value: number; label: string }[],
    onPick?: (v: number) => void,
  ) => (
    <Select
      showSearch
      allowClear
      aria-label={label}
      placeholder={placeholder}
      optionFilterProp="label"
      loading={options.loading}
      options={list}
      onChange={(v: number | undefined) => v && onPick?.(v)}
    />
  );

  return (
    <>
      <div className="exm-form__row">
        <ModelItem def={def} path={['userId']} label={t('adjustUser')}>
          {select(t('adjustUser'), t('choosePerson'), staffOptions, pickPerson)}
        </ModelItem>
        <TextItem def={def} path={['idCard']} label={t('idCard')} max={18} />
      </div>
      <div className="exm-form__row">
        <TextItem def={def} path={['jobNumber']} label={t('jobNumber')} max={30} />
        <DateItem def={def} path={['entryTime']} label={t('entryTime')} />
      </div>
      <div className="exm-form__row">
        <ModelItem def={def} path={['oldDeptId']} label={t('oldDept')}>
          {select(t('oldDept'), t('chooseDept'), options.depts)}
        </ModelItem>
        <ModelItem def={def} path={['oldPost']} label={t('oldPost')}>
          <AutoComplete aria-label={t('oldPost')} options={options.posts} maxLength={50} />
        </ModelItem>
      </div>
      <TextItem def={def} path={['cause']} label={t('adjustCause')} max={200} area />
      <div className="exm-form__row">
        <ModelItem def={def} path={['newDeptId']} label={t('newDept')}>
          {select(t('newDept'), t('chooseDept'), options.depts)}
        </ModelItem>
        <ModelItem def={def} path={['newPost']} label={t('newPost')}>
          <AutoComplete aria-label={t('newPost')} options={options.posts} maxLength={50} />
        </ModelItem>
      </div>
      <div className="exm-form__row">
        <ModelItem def={def} path={['leader']} label={t('leader')} dependencies={[['model', 'userId']]}>
          {select(t('leader'), t('chooseLeader'), staffOptions)}
        </ModelItem>
        <DateItem def={def} path={['adjustTime']} label={t('adjustTime')} dependencies={[['model', 'entryTime']]} />
      </div>
      <Form.Item label={t('workingYears')} extra={t('workingYearsHint')}>
        <Input readOnly value={years} aria-label={t('workingYears')} data-testid="adjust-working-years" />
      </Form.Item>
    </>
  );
}

/**
 * 计划需求: the requesting department (the applicant's, to start with), the item from code list
 * 1020 (managed in 系统字典), how many, what for and the details.
 */
export function PlanningDemandForm({ def }: Props) {
  const t = useFormsMessages();
  const form = Form.useFormInstance();
  const codes = useQuery({
    queryKey: formKeys.codes(PLANNING_CODE_TYPE),
    queryFn: () => formsApi.codeList(PLANNING_CODE_TYPE),
  });
  const staff = useQuery({ queryKey: formKeys.staff, queryFn: formsApi.staffInfo });
  useEffect(() => {
    if (staff.data && !form.getFieldValue(['model', 'deptName']))
      form.setFieldValue(['model', 'deptName'], staff.data.deptName);
  }, [staff.data, form]);

  return (
    <>
      <div className="exm-form__row">
        <TextItem def={def} path={['deptName']} label={t('planDept')} max={50} />
        <ModelItem def={def} path={['codeNo']} label={t('planName')}>
          <Select
            showSearch
            aria-label={t('planName')}
            placeholder={t('chooseName')}
            optionFilterProp="label"
            loading={codes.isLoading}
            options={(codes.data ?? []).map((c) => ({ value: c.codeNo, label: c.codeName }))}
            onChange={(v: string) =>
              form.setFieldValue(['model', 'codeName'], codes.data?.find((c) => c.codeNo === v)?.codeName ?? '')
            }
          />
        </ModelItem>
      </div>
      <Form.Item name={['model', 'codeName']} hidden>
        <Input />
      </Form.Item>
      <TextItem def={def} path={['count']} label={t('planCount')} max={6} />
      <TextItem def={def} path={['use']} label={t('planUse')} max={200} area />
      <TextItem def={def} path={['content']} label={t('planContent')} max={500} area />
    </>
  );
}
