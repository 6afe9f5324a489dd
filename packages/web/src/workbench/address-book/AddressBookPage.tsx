import { MailOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import type { AddressBook, AddressBookPerson } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Table, type TableColumnsType, Tooltip, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { textMatches, usePinyin } from '@/components/member-picker/match';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';
import './address-book.css';

const useMessages = defineMessages({
  zh: {
    title: '通讯录',
    allDepts: '全部',
    searchTips: '搜索姓名、拼音或首字母',
    name: '姓名',
    dept: '部门',
    post: '岗位',
    mobile: '手机',
    email: '邮箱',
    chat: '发消息',
    call: '拨打电话',
    mail: '发邮件',
    empty: '没有找到联系人',
    count: '共 {n} 人',
  },
  en: {
    title: 'Address book',
    allDepts: 'Everyone',
    searchTips: 'Search by name, pinyin or initials',
    name: 'Name',
    dept: 'Department',
    post: 'Post',
    mobile: 'Mobile',
    email: 'Email',
    chat: 'Message',
    call: 'Call',
    mail: 'Email',
    empty: 'No one found',
    count: '{n} people',
  },
});

const ALL = 0;

/** The department tree as antd nodes, with the ids of every department under each one. */
function buildTree(depts: AddressBook['depts']) {
  const children = new Map<number, AddressBook['depts']>();
  for (const d of depts) children.set(d.pid, [...(children.get(d.pid) ?? []), d]);
  const known = new Set(depts.map((d) => d.deptId));
  const below = new Map<number, Set<number>>();
  const node = (d: AddressBook['depts'][number]): DataNode => {
    const kids = (children.get(d.deptId) ?? []).map(node);
    below.set(d.deptId, new Set([d.deptId, ...kids.flatMap((k) => [...(below.get(Number(k.key)) ?? [])])]));
    return { key: d.deptId, title: d.name, children: kids };
  };
  const roots = depts.filter((d) => !known.has(d.pid)).map(node);
  return { roots, below };
}

/**
 * 通讯录 (address-book): departments on the left, their people (sub-departments included) on
 * the right, searched by name, pinyin or initials; one click opens a chat (in the /chat tab) or
 * calls the mobile.
 */
export default function AddressBookPage() {
  const t = useMessages();
  usePinyin();
  const book = useQuery({
    queryKey: ['address-book'],
    queryFn: () => call('/OaAddressBook/queryAddressBook'),
    staleTime: 60_000,
  });
  const [dept, setDept] = useState(ALL);
  const [search, setSearch] = useState('');
  const tree = useMemo(() => buildTree(book.data?.depts ?? []), [book.data]);
  const people = (book.data?.users ?? []).filter(
    (u) =>
      (dept === ALL || (u.deptId !== null && tree.below.get(dept)?.has(u.deptId))) &&
      (!search.trim() || textMatches(u.realname, search)),
  );

  const columns: TableColumnsType<AddressBookPerson> = [
    {
      title: t('name'),
      key: 'name',
      render: (_, u) => (
        <span className="ab-name">
          <UserAvatar name={u.realname} img={u.img} size={28} /> {u.realname}
        </span>
      ),
    },
    { title: t('dept'), dataIndex: 'deptName', width: 140 },
    { title: t('post'), dataIndex: 'post', width: 140 },
    { title: t('mobile'), dataIndex: 'mobile', width: 130 },
    { title: t('email'), dataIndex: 'email', ellipsis: true },
    {
      title: '',
      key: 'actions',
      width: 130,
      render: (_, u) => (
        <span className="ab-actions">
          <Tooltip title={t('chat')}>
            <Button
              size="small"
              type="text"
              icon={<MessageOutlined />}
              aria-label={t('chat')}
              href={`/chat?userId=${u.userId}`}
              target="_blank"
              data-testid={`ab-chat-${u.userId}`}
            />
          </Tooltip>
          {u.mobile && (
            <Tooltip title={t('call')}>
              <Button
                size="small"
                type="text"
                icon={<PhoneOutlined />}
                aria-label={t('call')}
                href={`tel:${u.mobile}`}
              />
            </Tooltip>
          )}
          {u.email && (
            <Tooltip title={t('mail')}>
              <Button
                size="small"
                type="text"
                icon={<MailOutlined />}
                aria-label={t('mail')}
                href={`mailto:${u.email}`}
              />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];

  return (
    <Card title={t('title')} className="ab-page" loading={book.isLoading}>
      <div className="ab-body">
        <aside className="ab-depts">
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[dept]}
            onSelect={(keys) => setDept(Number(keys[0] ?? ALL))}
            treeData={[{ key: ALL, title: t('allDepts'), children: tree.roots }]}
          />
        </aside>
        <section className="ab-people">
          <div className="ab-toolbar">
            <Input.Search
              allowClear
              placeholder={t('searchTips')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 280 }}
              data-testid="ab-search"
            />
            <span className="ab-count">{t('count', { n: people.length })}</span>
          </div>
          <Table<AddressBookPerson>
            rowKey="userId"
            size="middle"
            columns={columns}
            dataSource={people}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
          />
        </section>
      </div>
    </Card>
  );
}
