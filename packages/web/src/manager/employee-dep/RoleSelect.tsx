import { Select } from 'antd';
import { useRoleGroups } from '../use-roles';

type Props = { value?: number[]; onChange?: (v: number[]) => void; placeholder?: string; id?: string };

export function RoleSelect({ value, onChange, placeholder, id }: Props) {
  const { groups, loading } = useRoleGroups(true);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={groups
        .filter((g) => g.roles.length > 0)
        .map((g) => ({ label: g.label, options: g.roles.map((r) => ({ value: r.roleId, label: r.roleName })) }))}
      style={{ width: '100%' }}
    />
  );
}
