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
  /** Users that cannot be removed (an approval type's copy recipients set by the administrator). */
  fixedIds?: number[];
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
  fixedIds = [],
}: MemberSelectProps) {
  const t = usePickerMessages();
  const users = value ?? [];
  const fixed = (u: PickedUser) => fixedIds.includes(u.userId);
  // Whatever the picker answers, the fixed users stay (first, as they were).
  const keepFixed = (next: PickedUser[]) => [
    ...users.filter((u) => fixed(u) && !next.some((n) => n.userId === u.userId)),
    ...next,
  ];
  return (
    <Space id={id} size={[4, 4]} wrap>
      {users.map((u) => (
        <Tag
          key={u.userId}
          closable={!disabled && !fixed(u)}
          data-fixed={fixed(u) || undefined}
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
        onConfirm={(v) => onChange?.(keepFixed(v.users))}
      >
        <Button size="small" icon={<UserAddOutlined />} disabled={disabled}>
          {placeholder ?? t('choose')}
        </Button>
      </MemberPicker>
    </Space>
  );
}
