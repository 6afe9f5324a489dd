import { type SystemUser, userCreateSchema, userUpdateSchema } from '@crm/shared';
import { Button, Col, Drawer, Form, Input, Radio, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { type SchemaLike, type ToInput, zodRules } from '@/components/form/zod-rules';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { api, type UserSaveBody } from '../api';
import { useCommonMessages } from '../messages';
import { useOrgSave } from '../use-org-save';
import { usePermission } from '../use-permission';
import { DeptTreeSelect } from './DeptTreeSelect';
import { useEmpMessages } from './messages';
import { RoleSelect } from './RoleSelect';

/** A new employee (optionally in a department) or an existing one. */
export type UserEditing = { mode: 'add'; deptId?: number } | { mode: 'edit'; user: SystemUser } | null;

type Values = {
  username?: string;
  password?: string;
  realname: string;
  mobile: string;
  email: string;
  sex: number;
  deptId: number | null;
  post: string;
  parent: PickedUser[];
  num: string;
  roleIds?: number[];
};

const toInput: ToInput = ({ parent, ...v }) => ({
  ...v,
  parentId: (parent as PickedUser[] | undefined)?.[0]?.userId ?? null,
});
const fieldOf = { parentId: 'parent' };

export function UserFormDrawer({ editing, onClose }: { editing: UserEditing; onClose: () => void }) {
  const t = useEmpMessages();
  const c = useCommonMessages();
  const can = usePermission();
  // The server lists roles to whoever may create or edit employees (they assign them) or read the role page.
  const canPickRoles = can('manage.permission.read') || can('manage.users.userSave') || can('manage.users.userUpdate');
  const [form] = Form.useForm<Values>();
  const isEdit = editing?.mode === 'edit';
  type Body = UserSaveBody & { username?: string; password?: string };
  const schema: SchemaLike<Body> = isEdit ? userUpdateSchema : userCreateSchema;
  const withId: ToInput = (v) => ({ ...toInput(v), ...(isEdit ? { userId: editing.user.userId } : {}) });
  const rules = zodRules(schema, withId);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'add') {
      form.setFieldsValue({ sex: 0, deptId: editing.deptId ?? null, parent: [], roleIds: [] });
    } else {
      const u = editing.user;
      form.setFieldsValue({
        realname: u.realname,
        mobile: u.mobile,
        email: u.email,
        sex: u.sex,
        deptId: u.deptId,
        post: u.post,
        num: u.num,
        parent: u.parentId ? [{ userId: u.parentId, realname: u.parentName, img: '' }] : [],
        roleIds: u.roleIds,
      });
    }
  }, [editing, form]);

  const save = useOrgSave({
    form,
    schema,
    toInput: withId,
    fieldOf,
    isEdit,
    send: ({ username, password, ...body }: Body) => {
      // Without the role permission the roles are left as they are (roleIds absent).
      if (!canPickRoles) body.roleIds = undefined;
      if (editing?.mode === 'edit') return api.setUser({ ...body, userId: editing.user.userId });
      return api.addUser({ ...body, username: username ?? '', password: password ?? '' });
    },
    onClose,
  });

  const half = (node: React.ReactNode) => (
    <Col xs={24} sm={12}>
      {node}
    </Col>
  );

  return (
    <Drawer
      open={editing !== null}
      title={isEdit ? t('editUser') : t('addUser')}
      size={640}
      onClose={onClose}
      forceRender
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{c('cancel')}</Button>
          <Button type="primary" loading={save.saving} onClick={save.submit}>
            {c('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="user" layout="vertical" autoComplete="off">
        <Row gutter={16}>
          {!isEdit &&
            half(
              <Form.Item name="username" label={t('username')} required rules={rules('username')}>
                <Input maxLength={50} autoComplete="off" />
              </Form.Item>,
            )}
          {!isEdit &&
            half(
              <Form.Item
                name="password"
                label={t('password')}
                extra={t('passwordHint')}
                required
                rules={rules('password')}
              >
                <Input.Password maxLength={20} autoComplete="new-password" />
              </Form.Item>,
            )}
          {half(
            <Form.Item name="realname" label={t('realname')} required rules={rules('realname')}>
              <Input maxLength={50} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="mobile" label={t('mobile')} rules={rules('mobile')}>
              <Input maxLength={11} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="email" label={t('email')} rules={rules('email')}>
              <Input maxLength={100} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="sex" label={t('sex')} rules={rules('sex')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('male') },
                  { value: 2, label: t('female') },
                  { value: 0, label: t('unknownSex') },
                ]}
              />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="deptId" label={t('dept')} required rules={rules('deptId')}>
              <DeptTreeSelect placeholder={t('selectDept')} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="post" label={t('post')} rules={rules('post')}>
              <Input maxLength={50} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="parent" label={t('supervisor')} rules={rules('parentId')}>
              <MemberSelect single title={t('supervisor')} />
            </Form.Item>,
          )}
          {half(
            <Form.Item name="num" label={t('num')} rules={rules('num')}>
              <Input maxLength={30} />
            </Form.Item>,
          )}
          <Col span={24}>
            {canPickRoles ? (
              <Form.Item name="roleIds" label={t('roles')} rules={rules('roleIds')}>
                <RoleSelect placeholder={t('selectRoles')} />
              </Form.Item>
            ) : (
              <Form.Item label={t('roles')} extra={t('rolesReadOnly')}>
                <Typography.Text>{isEdit ? editing.user.roleNames || '—' : '—'}</Typography.Text>
              </Form.Item>
            )}
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
