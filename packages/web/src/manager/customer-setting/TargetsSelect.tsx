import { ApartmentOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { MemberPicker, type PickerValue } from '@/components/member-picker';

type Props = { id?: string; value?: PickerValue; onChange?: (v: PickerValue) => void; placeholder: string };

/** A form field for employees and departments together: the chosen ones as tags, the picker with both tabs. */
export function TargetsSelect({ id, value, onChange, placeholder }: Props) {
  const users = value?.users ?? [];
  const depts = value?.depts ?? [];
  return (
    <Space id={id} size={[4, 4]} wrap>
      {depts.map((d) => (
        <Tag
          key={`d${d.id}`}
          icon={<ApartmentOutlined />}
          closable
          onClose={(e) => {
            e.preventDefault();
            onChange?.({ users, depts: depts.filter((x) => x.id !== d.id) });
          }}
        >
          {d.name}
        </Tag>
      ))}
      {users.map((u) => (
        <Tag
          key={`u${u.userId}`}
          closable
          onClose={(e) => {
            e.preventDefault();
            onChange?.({ users: users.filter((x) => x.userId !== u.userId), depts });
          }}
        >
          {u.realname}
        </Tag>
      ))}
      <MemberPicker title={placeholder} value={{ users, depts }} onConfirm={(v) => onChange?.(v)}>
        <Button size="small" icon={<UserAddOutlined />}>
          {placeholder}
        </Button>
      </MemberPicker>
    </Space>
  );
}
