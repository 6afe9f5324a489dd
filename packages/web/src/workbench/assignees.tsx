import { UserPageType } from '@crm/shared';
import { Button, Form, Tag } from 'antd';
import { DeptPicker } from '@/components/dept-picker';
import { MemberSelect, type PickedDept, type PickedUser } from '@/components/member-picker';

/**
 * Who a declaration task or a quiz goes to: departments (the server adds those below them) and
 * people, as their forms hold, show and send them (the server's expansion: org/tree.ts
 * `assignedPeopleSql`).
 */
export type AssigneeValues = { depts: PickedDept[]; users: PickedUser[] };

/** The saved assignees of a record being edited (none for a new one), as the form holds them. */
export const assigneeValues = (
  row: { depts: { deptId: number; name: string }[]; users: { userId: number; realname: string }[] } | null,
): AssigneeValues => ({
  depts: row?.depts.map((d) => ({ id: d.deptId, name: d.name })) ?? [],
  users: row?.users.map((u) => ({ userId: u.userId, realname: u.realname, img: '' })) ?? [],
});

/** The ids the save sends. */
export const assigneeIds = (values: Partial<AssigneeValues>) => ({
  deptIds: (values.depts ?? []).map((d) => d.id),
  userIds: (values.users ?? []).map((u) => u.userId),
});

/** Where the save schema's refusals of the ids show in the form (validateWithSchema's field map). */
export const assigneeFields = { deptIds: 'depts', userIds: 'users' } as const;

/** The chosen departments as closable tags, and the department picker. */
function DeptTags({
  value = [],
  onChange,
  testIdPrefix,
  chooseLabel,
}: {
  value?: PickedDept[];
  onChange?: (v: PickedDept[]) => void;
  testIdPrefix: string;
  chooseLabel: string;
}) {
  return (
    <div data-testid={`${testIdPrefix}-depts`}>
      {value.map((d) => (
        <Tag key={d.id} closable onClose={() => onChange?.(value.filter((x) => x.id !== d.id))}>
          {d.name}
        </Tag>
      ))}
      <DeptPicker value={value} onConfirm={(v) => onChange?.(v)}>
        <Button size="small" data-testid={`${testIdPrefix}-choose-depts`}>
          {chooseLabel}
        </Button>
      </DeptPicker>
    </div>
  );
}

/** The form's two items, `depts` and `users`, in the page's words. */
export function AssigneeItems({
  testIdPrefix,
  labels,
}: {
  testIdPrefix: string;
  labels: { depts: string; users: string; chooseDepts: string };
}) {
  return (
    <>
      <Form.Item name="depts" label={labels.depts}>
        <DeptTags testIdPrefix={testIdPrefix} chooseLabel={labels.chooseDepts} />
      </Form.Item>
      <Form.Item name="users" label={labels.users}>
        <MemberSelect pageType={UserPageType.picker} />
      </Form.Item>
    </>
  );
}
