import { ApartmentOutlined } from '@ant-design/icons';
import { UserPageType } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import {
  fetchUserList,
  flattenDepts,
  MemberPicker,
  MemberSelect,
  type PickedDept,
  type PickedUser,
  systemKeys,
  useDeptTree,
} from '@/components/member-picker';
import { useDynamicFormMessages } from './messages';
import { idsOf } from './values';

const POOL_LIMIT = 1000;

/** Names of users by id, from the member picker's cached list of active users. */
export function useUserLookup(enabled: boolean): Map<number, PickedUser> {
  const pool = useQuery({
    queryKey: systemKeys.pickerPool(UserPageType.picker),
    queryFn: () => fetchUserList({ pageType: UserPageType.picker, page: 1, limit: POOL_LIMIT }),
    enabled,
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      new Map((pool.data?.list ?? []).map((u) => [u.userId, { userId: u.userId, realname: u.realname, img: u.img }])),
    [pool.data],
  );
}

export function useDeptLookup(enabled: boolean): Map<number, PickedDept> {
  const tree = useDeptTree(enabled);
  return useMemo(() => new Map(flattenDepts(tree.data).map((d) => [d.id, { id: d.id, name: d.name }])), [tree.data]);
}

type Props = { value?: unknown; onChange?: (v: string) => void; disabled?: boolean; id?: string };

/** A user field: comma-joined ids in the form, people's names on screen. */
export function UserField({ value, onChange, disabled, id }: Props) {
  const t = useDynamicFormMessages();
  const ids = idsOf(value);
  const names = useUserLookup(ids.length > 0);
  const users = ids.map((userId) => names.get(userId) ?? { userId, realname: `#${userId}`, img: '' });
  return (
    <MemberSelect
      id={id}
      value={users}
      disabled={disabled}
      placeholder={t('chooseUsers')}
      onChange={(list) => onChange?.(list.map((u) => u.userId).join(','))}
    />
  );
}

/** A department field: the member picker with only its department tab. */
export function DeptField({ value, onChange, disabled, id }: Props) {
  const t = useDynamicFormMessages();
  const ids = idsOf(value);
  const lookup = useDeptLookup(ids.length > 0);
  const depts = ids.map((deptId) => lookup.get(deptId) ?? { id: deptId, name: `#${deptId}` });
  const emit = (list: PickedDept[]) => onChange?.(list.map((d) => d.id).join(','));
  return (
    <Space id={id} size={[4, 4]} wrap>
      {depts.map((d) => (
        <Tag
          key={d.id}
          icon={<ApartmentOutlined />}
          closable={!disabled}
          onClose={(e) => {
            e.preventDefault();
            emit(depts.filter((x) => x.id !== d.id));
          }}
        >
          {d.name}
        </Tag>
      ))}
      <MemberPicker
        hideUsers
        title={t('selectDepts')}
        disabled={disabled}
        value={{ users: [], depts }}
        onConfirm={(v) => emit(v.depts)}
      >
        <Button size="small" icon={<ApartmentOutlined />} disabled={disabled}>
          {t('chooseDepts')}
        </Button>
      </MemberPicker>
    </Space>
  );
}

export function UserNames({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const ids = idsOf(value);
  const names = useUserLookup(ids.length > 0);
  if (ids.length === 0) return <>{t('empty')}</>;
  return <>{ids.map((id) => names.get(id)?.realname ?? `#${id}`).join('、')}</>;
}

export function DeptNames({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const ids = idsOf(value);
  const lookup = useDeptLookup(ids.length > 0);
  if (ids.length === 0) return <>{t('empty')}</>;
  return <>{ids.map((id) => lookup.get(id)?.name ?? `#${id}`).join('、')}</>;
}
