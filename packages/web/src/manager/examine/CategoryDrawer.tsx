import { categoryText, examineCategorySaveSchema } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Col, Divider, Drawer, Form, Input, Radio, Row, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { type SchemaLike, type ToInput, validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser, type PickerValue } from '@/components/member-picker';
import { examineKeys } from '@/workbench/examine/api';
import { factOptions, useConditionWords } from '@/workbench/examine/condition-words';
import { type AdminCategory, type CategorySaveBody, categoryApi } from './api';
import { FlowStepsEditor, type StepDraft } from './FlowStepsEditor';
import { IconPicker } from './IconPicker';
import { useCategoryMessages } from './messages';
import { VisibilityField } from './VisibilityField';

export type CategoryEditing = { mode: 'add' } | { mode: 'edit'; category: AdminCategory } | null;

type Values = {
  title: string;
  className: string;
  icon: number;
  remarks: string;
  status: boolean;
  visibility: PickerValue;
  examineType: 1 | 2;
  steps: StepDraft[];
  examineUser: PickedUser[];
  ccUsers: PickedUser[];
};

const picked = (list: { userId: number; realname: string }[]): PickedUser[] =>
  list.map((u) => ({ userId: u.userId, realname: u.realname, img: '' }));

const toInput: ToInput = (raw) => {
  const v = raw as Values;
  return {
    title: v.title,
    className: v.className,
    icon: v.icon,
    remarks: v.remarks,
    status: v.status ? 1 : 0,
    examineType: v.examineType,
    steps:
      v.examineType === 1
        ? (v.steps ?? []).map((s) => ({
            stepType: s.stepType,
            userIds: s.users.map((u) => u.userId),
            ...(s.condition ? { condition: s.condition } : {}),
          }))
        : [],
    examineUserIds: v.examineType === 2 ? (v.examineUser ?? []).map((u) => u.userId) : [],
    ccUserIds: (v.ccUsers ?? []).map((u) => u.userId),
    visibleUserIds: (v.visibility?.users ?? []).map((u) => u.userId),
    visibleDeptIds: (v.visibility?.depts ?? []).map((d) => d.id),
  };
};
const fieldOf = {
  visibleUserIds: 'visibility',
  visibleDeptIds: 'visibility',
  examineUserIds: 'examineUser',
  ccUserIds: 'ccUsers',
};
const schema: SchemaLike<CategorySaveBody> = examineCategorySaveSchema as SchemaLike<CategorySaveBody>;

/** Create or edit a category: basics, icon, visibility, the flow and the CC presets. */
export function CategoryDrawer({
  editing,
  classNames,
  onClose,
  onSaved,
}: {
  editing: CategoryEditing;
  classNames: string[];
  onClose: () => void;
  onSaved: (categoryId: number, editFields: boolean) => void;
}) {
  const t = useCategoryMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = zodRules(schema, toInput);
  const examineType = Form.useWatch('examineType', form);
  const title = Form.useWatch('title', form);
  const category = editing?.mode === 'edit' ? editing.category : null;
  const w = useConditionWords();
  // A new category has no fields yet: only the applicant's department until its form is designed.
  const facts = factOptions(category ?? { type: 'custom', fields: [] }, w('applicantDept'));

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const c = editing.mode === 'edit' ? editing.category : null;
    form.setFieldsValue({
      title: c?.title ?? '',
      className: c?.className ?? '',
      icon: c?.icon ?? 1,
      remarks: c?.remarks ?? '',
      status: c ? c.status === 1 : true,
      visibility: {
        users: picked(c?.visibleUsers ?? []),
        depts: (c?.visibleDeptIds ?? []).map((id) => ({ id, name: `#${id}` })),
      },
      examineType: c?.examineType ?? 1,
      steps: c
        ? c.steps.map((s) => ({ stepType: s.stepType, users: picked(s.userList), condition: s.condition ?? null }))
        : [{ stepType: 1, users: [] }],
      examineUser: picked(c?.examineUsers.slice(0, 1) ?? []),
      ccUsers: picked(c?.ccUsers ?? []),
    });
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (body: CategorySaveBody) => categoryApi.save(body),
    onSuccess: () => {
      message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: examineKeys.all });
    },
  });

  const submit = async (editFields: boolean) => {
    const body = await validateWithSchema(form, schema, toInput, fieldOf);
    if (!body) return;
    try {
      const { categoryId } = await save.mutateAsync({
        ...body,
        ...(category ? { categoryId: category.categoryId } : {}),
      });
      onSaved(categoryId, editFields);
    } catch {
      // the request layer showed the server's message
    }
  };

  const stepsRule = {
    validator: async (_: unknown, steps: StepDraft[] | undefined) => {
      if (form.getFieldValue('examineType') !== 1) return;
      if (!steps?.length) throw new Error(t('stepsRequired'));
      if (steps.some((s) => (s.stepType === 2 || s.stepType === 3) && s.users.length === 0))
        throw new Error(t('stepUsersRequired'));
    },
  };

  return (
    <Drawer
      open={editing !== null}
      title={category ? t('edit') : t('add')}
      size={720}
      onClose={onClose}
      forceRender
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {!category?.isSystem && (
            <Button loading={save.isPending} onClick={() => submit(true)}>
              {t('saveAndFields')}
            </Button>
          )}
          <Button type="primary" loading={save.isPending} onClick={() => submit(false)}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="examine-category" layout="vertical" autoComplete="off">
        <Divider titlePlacement="start" plain>
          {t('basics')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="title" label={t('name')} required rules={rules('title')}>
              <Input maxLength={categoryText.title.max} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="className" label={t('className')} rules={rules('className')}>
              <AutoComplete
                maxLength={categoryText.className.max}
                placeholder={t('classNameTips')}
                options={classNames.map((c) => ({ value: c }))}
                filterOption={(input, o) => String(o?.value ?? '').includes(input)}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="icon" label={t('icon')} rules={rules('icon')}>
              <IconPicker title={title} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remarks" label={t('remarks')} rules={rules('remarks')}>
              <Input.TextArea rows={2} maxLength={categoryText.remarks.max} showCount placeholder={t('remarksTips')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="visibility" label={t('visibility')} extra={t('visibleHint')}>
              <VisibilityField />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="status" label={t('status')} valuePropName="checked">
              <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('flowSettings')}
        </Divider>
        <Form.Item
          name="examineType"
          label={t('examineType')}
          extra={examineType === 2 ? t('chosenHint') : t('fixedHint')}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 1, label: t('fixedFlow') },
              { value: 2, label: t('chosenFlow') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="steps"
          label={t('steps')}
          extra={t('conditionHint')}
          hidden={examineType !== 1}
          required
          rules={[stepsRule]}
        >
          <FlowStepsEditor facts={facts} />
        </Form.Item>
        <Form.Item
          name="examineUser"
          label={t('presetApprover')}
          extra={t('presetApproverHint')}
          hidden={examineType !== 2}
        >
          <MemberSelect single title={t('presetApprover')} placeholder={t('presetApprover')} />
        </Form.Item>
        <Form.Item name="ccUsers" label={t('ccUsers')} extra={t('ccHint')} rules={rules('ccUserIds')}>
          <MemberSelect title={t('ccUsers')} placeholder={t('ccUsers')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
