import { FolderOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Spin } from 'antd';
import { useDeferredValue, useState } from 'react';
import { DeptCrumbs } from './DeptCrumbs';
import { deptPath, subtreeIds } from './dept-tree';
import { usePinyin, userMatches } from './match';
import { usePickerMessages } from './messages';
import { useDeptUsers, useUserSearch } from './queries';
import type { DeptNode, PickedUser, UserPageType, UserRow } from './types';
import { UserAvatar } from './UserAvatar';

type Props = {
  tree: DeptNode[] | undefined;
  pageType: UserPageType;
  isChecked: (userId: number) => boolean;
  onToggle: (user: PickedUser) => void;
};

/** The employee tab: drill through departments, tick users; search by name or pinyin (a
 * colleague's account name is for those who manage users). */
export function UserTab({ tree, pageType, isChecked, onToggle }: Props) {
  const t = usePickerMessages();
  usePinyin(); // re-renders once pinyin can be matched
  const [deptId, setDeptId] = useState<number | undefined>();
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput).trim();
  const searching = search !== '';

  const children = deptId === undefined ? (tree ?? []) : (deptPath(tree, deptId).at(-1)?.children ?? []);
  const deptUsers = useDeptUsers(pageType, deptId, !searching);
  const found = useUserSearch(pageType, search);

  const searchResults = (() => {
    if (!searching || !found.users) return [];
    const scope = deptId === undefined ? null : subtreeIds(tree, deptId);
    return found.users.filter(
      (u) =>
        (!found.needsLocalFilter || userMatches(u, search)) &&
        (scope === null || (u.deptId !== null && scope.has(u.deptId))),
    );
  })();

  const users: UserRow[] = searching ? searchResults : (deptUsers.data?.pages.flatMap((p) => p.list) ?? []);
  const loading = searching ? found.loading : deptUsers.isLoading;

  return (
    <div className="mp-tab">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('searchUsers')}
        value={searchInput}
        onChange={(e) => setSearchInput(e.target.value)}
      />
      <DeptCrumbs tree={tree} deptId={deptId} onChange={setDeptId} />
      <div className="mp-list" data-testid="mp-user-list">
        <Spin spinning={loading} size="small">
          {!searching &&
            children.map((d) => (
              // biome-ignore lint/a11y/useSemanticElements: a list row, not a form control
              <div
                key={`d${d.id}`}
                className="mp-row mp-dept-link"
                role="button"
                tabIndex={0}
                onClick={() => setDeptId(d.id)}
                onKeyDown={(e) => e.key === 'Enter' && setDeptId(d.id)}
              >
                <FolderOutlined style={{ color: '#f5a623' }} />
                <span className="mp-name" style={{ flex: 1 }}>
                  {d.name}
                </span>
                <span className="mp-sub">{d.userCount}</span>
                <RightOutlined style={{ fontSize: 10, color: '#bfbfbf' }} />
              </div>
            ))}
          {users.map((u) => (
            <div key={u.userId} className="mp-row">
              <Checkbox
                checked={isChecked(u.userId)}
                onChange={() => onToggle({ userId: u.userId, realname: u.realname, img: u.img })}
              >
                <UserAvatar name={u.realname} img={u.img} />
                <span className="mp-name">{u.realname}</span>
                <span className="mp-sub">{[u.deptName, u.post].filter(Boolean).join(' · ')}</span>
              </Checkbox>
            </div>
          ))}
          {!loading && users.length === 0 && (searching || children.length === 0) && (
            <div className="mp-empty">{t('noData')}</div>
          )}
          {!searching && deptUsers.hasNextPage && (
            <div className="mp-more">
              <Button
                type="link"
                size="small"
                loading={deptUsers.isFetchingNextPage}
                onClick={() => deptUsers.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            </div>
          )}
        </Spin>
      </div>
    </div>
  );
}
