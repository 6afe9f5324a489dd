import { ApartmentOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useDeptLookup } from '@/components/dynamic-form';
import { MemberPicker, type PickerValue } from '@/components/member-picker';
import { useCategoryMessages } from './messages';

/** Who may use a category: people and departments (a department includes its children). Nothing: everyone. */
export function VisibilityField({
  value,
  onChange,
  id,
}: {
  value?: PickerValue;
  onChange?: (v: PickerValue) => void;
  id?: string;
}) {
  const t = useCategoryMessages();
  const raw = value ?? { users: [], depts: [] };
  // Stored categories know their departments by id only: names come from the department tree.
  const lookup = useDeptLookup(raw.depts.length > 0);
  const v = { ...raw, depts: raw.depts.map((d) => ({ id: d.id, name: lookup.get(d.id)?.name ?? d.name })) };
  const empty = v.users.length === 0 && v.depts.length === 0;
  return (
    <Space id={id} size={[4, 4]} wrap>
      {empty && <Typography.Text type="secondary">{t('everyone')}</Typography.Text>}
      {v.depts.map((d) => (
        <Tag
          key={`d${d.id}`}
          icon={<ApartmentOutlined />}
          closable
          onClose={(e) => {
            e.preventDefault();
            onChange?.({ ...v, depts: v.depts.filter((x) => x.id !== d.id) });
          }}
        >
          {d.name}
        </Tag>
      ))}
      {v.users.map((u) => (
        <Tag
          key={`u${u.userId}`}
          closable
          onClose={(e) => {
            e.preventDefault();
            onChange?.({ ...v, users: v.users.filter((x) => x.userId !== u.userId) });
          }}
        >
          {u.realname}
        </Tag>
      ))}
      <MemberPicker title={t('visibility')} value={v} onConfirm={(next) => onChange?.(next)}>
        <Button size="small" icon={<UserAddOutlined />}>
          {t('visibility')}
        </Button>
      </MemberPicker>
    </Space>
  );
}
