import { UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { MemberPicker, type MemberPickerProps } from './MemberPicker';
import { usePickerMessages } from './messages';
import type { PickedUser } from './types';

export type MemberSelectProps = {
  value?: PickedUser[] | null;
  onChange?: (users: PickedUser[]) => void;
  single?: boolean;
  disabled?: boolean;
  placeholder?: string;
  pageType?: MemberPickerProps['pageType'];
  title?: MemberPickerProps['title'];
  id?: string;
};

/** A form field for users: the chosen names as tags, the picker (employee tab only) to change them. */
export function MemberSelect({
  value,
  onChange,
  single,
  disabled,
  placeholder,
  pageType,
  title,
  id,
}: MemberSelectProps) {
  const t = usePickerMessages();
  const users = value ?? [];
  return (
    <Space id={id} size={[4, 4]} wrap>
      {users.map((u) => (
        <Tag
          key={u.userId}
          closable={!disabled}
          onClose={(e) => {
            e.preventDefault();
            onChange?.(users.filter((x) => x.userId !== u.userId));
          }}
        >
          {u.realname}
        </Tag>
      ))}
      <MemberPicker
        hideDepts
        single={single}
        pageType={pageType}
        title={title}
        disabled={disabled}
        value={{ users, depts: [] }}
        onConfirm={(v) => onChange?.(v.users)}
      >
        <Button size="small" icon={<UserAddOutlined />} disabled={disabled}>
          {placeholder ?? t('choose')}
        </Button>
      </MemberPicker>
    </Space>
  );
}
