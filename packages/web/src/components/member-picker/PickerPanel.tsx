import { CloseOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { DeptTab } from './DeptTab';
import { usePickerMessages } from './messages';
import { useDeptTree } from './queries';
import { toggleDept, toggleUser } from './selection';
import type { PickerValue, UserPageType } from './types';
import { UserAvatar } from './UserAvatar';
import { UserTab } from './UserTab';

export type PickerPanelProps = {
  value: PickerValue;
  onChange: (value: PickerValue) => void;
  showUsers: boolean;
  showDepts: boolean;
  single: boolean;
  pageType: UserPageType;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The popover's content; mounted on first open, so everything it loads is lazy. */
export function PickerPanel({
  value,
  onChange,
  showUsers,
  showDepts,
  single,
  pageType,
  onConfirm,
  onCancel,
}: PickerPanelProps) {
  const t = usePickerMessages();
  const tree = useDeptTree();
  const tabs = [
    showUsers && { key: 'users', label: t('users') },
    showDepts && { key: 'depts', label: t('depts') },
  ].filter((i) => i !== false);
  const [tab, setTab] = useState(tabs[0]?.key ?? 'users');

  return (
    <div className="mp-panel">
      <div className="mp-body">
        <div className="mp-left">
          {tabs.length > 1 && <Tabs size="small" activeKey={tab} onChange={setTab} items={tabs} />}
          {/* Both panes stay mounted so each keeps its breadcrumb and search when switching. */}
          {showUsers && (
            <div className="mp-pane" hidden={tab !== 'users'}>
              <UserTab
                tree={tree.data}
                pageType={pageType}
                isChecked={(id) => value.users.some((u) => u.userId === id)}
                onToggle={(u) => onChange(toggleUser(value, u, single))}
              />
            </div>
          )}
          {showDepts && (
            <div className="mp-pane" hidden={tab !== 'depts'}>
              <DeptTab
                tree={tree.data}
                isChecked={(id) => value.depts.some((d) => d.id === id)}
                onToggle={(d) => onChange(toggleDept(value, d, single))}
              />
            </div>
          )}
        </div>
        <div className="mp-right" data-testid="mp-selected">
          <div className="mp-selected-head">
            <Typography.Text strong>{t('selected')}</Typography.Text>
            <Button type="link" size="small" onClick={() => onChange({ users: [], depts: [] })}>
              {t('clear')}
            </Button>
          </div>
          <div className="mp-selected-counts">
            {[
              showUsers && t('userCount', { n: value.users.length }),
              showDepts && t('deptCount', { n: value.depts.length }),
            ]
              .filter(Boolean)
              .join('，')}
          </div>
          <div className="mp-selected-list">
            {value.users.map((u) => (
              <div key={`u${u.userId}`} className="mp-selected-item">
                <UserAvatar name={u.realname} img={u.img} size={20} />
                <span className="mp-name">{u.realname}</span>
                <CloseOutlined
                  aria-label={t('remove')}
                  style={{ fontSize: 10, color: '#999', cursor: 'pointer' }}
                  onClick={() => onChange({ ...value, users: value.users.filter((x) => x.userId !== u.userId) })}
                />
              </div>
            ))}
            {value.depts.map((d) => (
              <div key={`d${d.id}`} className="mp-selected-item">
                <FolderOutlined style={{ color: '#f5a623' }} />
                <span className="mp-name">{d.name}</span>
                <CloseOutlined
                  aria-label={t('remove')}
                  style={{ fontSize: 10, color: '#999', cursor: 'pointer' }}
                  onClick={() => onChange({ ...value, depts: value.depts.filter((x) => x.id !== d.id) })}
                />
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="mp-footer">
        <Button size="small" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button size="small" type="primary" onClick={onConfirm}>
          {t('ok')}
        </Button>
      </div>
    </div>
  );
}
