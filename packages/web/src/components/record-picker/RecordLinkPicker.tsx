import type { RecordKind } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { LINK_PAGE_SIZE, linkPickerApi, type PickedRecord, toPicked } from './api';
import { useLinkPickerMessages } from './messages';
import { applyTick, clampPage, pageCount } from './selection';
import './record-picker.css';
import { showTime } from '@/shell/time';

export type RecordLinkPickerProps = {
  open: boolean;
  /** The kind's descriptor (`recordKinds` of @crm/shared): its name, id and name fields. */
  kind: RecordKind;
  /** The first segment of the kind's calls: `CrmCustomer` → `/CrmCustomer/queryPageList`. */
  prefix: string;
  /** Pick one record (radio semantics) or several. */
  single?: boolean;
  /** What is chosen when the dialog opens. */
  value?: PickedRecord[];
  onConfirm: (value: PickedRecord[]) => void;
  onCancel: () => void;
};

/** Spec 2.10, 9: table height 250. */
export const LINK_TABLE_HEIGHT = 250;

/**
 * The record link picker (spec 2.10, 4.4; crm-records 2): a dialog over one kind's list through
 * its generic calls, so it serves every kind. Scenes, a search (matching pinyin on the server),
 * pages of ten paged up and down within bounds; the selection survives paging in multi mode.
 */
export function RecordLinkPicker({
  open,
  kind,
  prefix,
  single = false,
  value,
  onConfirm,
  onCancel,
}: RecordLinkPickerProps) {
  const t = useLinkPickerMessages();
  const { lang } = useLang();
  const api = linkPickerApi(prefix);
  const kindName = lang === 'en' ? kind.nameEn : kind.name;
  const [sceneId, setSceneId] = useState<number | undefined>();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PickedRecord[]>(value ?? []);

  // Each opening starts from the caller's selection, on page 1.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSelected(value ?? []);
      setPage(1);
    }
  }

  const scenes = useQuery({
    queryKey: ['recordPicker', prefix, 'scenes'],
    queryFn: api.scenes,
    enabled: open,
    staleTime: 60_000,
  });
  // The list opens with the user's default scene, as the kind's list page does.
  const scene = sceneId ?? scenes.data?.find((s) => s.isDefault === 1)?.sceneId;
  const list = useQuery({
    queryKey: ['recordPicker', prefix, 'page', scene ?? 0, search, page],
    queryFn: () => api.page({ page, search, sceneId: scene }),
    enabled: open && scenes.isFetched,
  });
  const total = list.data?.totalRow ?? 0;
  const pages = pageCount(total, LINK_PAGE_SIZE);
  const rows = (list.data?.list ?? []).map((r) => ({ ...toPicked(kind, r), row: r }));

  const go = (to: number) => setPage(clampPage(to, pages));
  const runSearch = (text: string) => {
    setSearch(text.trim());
    setPage(1);
  };

  return (
    <Modal
      open={open}
      title={t('title', { name: kindName })}
      width={700}
      destroyOnHidden
      onCancel={onCancel}
      footer={
        <div className="rp-footer">
          <Typography.Text type="secondary" data-testid="rp-selected">
            {t('selected', { n: selected.length })}
          </Typography.Text>
          <Space>
            <Button onClick={onCancel}>{t('cancel')}</Button>
            <Button type="primary" onClick={() => onConfirm(selected)} data-testid="rp-confirm">
              {t('ok')}
            </Button>
          </Space>
        </div>
      }
    >
      <div className="rp-bar">
        <Select
          className="rp-scene"
          aria-label={t('scene')}
          loading={scenes.isLoading}
          value={scene}
          onChange={(id: number) => {
            setSceneId(id);
            setPage(1);
          }}
          options={(scenes.data ?? []).map((s) => ({ value: s.sceneId, label: s.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('search', { name: kindName })}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            if (e.target.value === '') runSearch('');
          }}
          onSearch={runSearch}
          data-testid="rp-search"
        />
      </div>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: LINK_TABLE_HEIGHT }}
        locale={{ emptyText: t('noData') }}
        rowSelection={{
          selectedRowKeys: selected.map((s) => s.id),
          hideSelectAll: single,
          onSelect: (r, ticked) => setSelected((cur) => applyTick(cur, [{ id: r.id, name: r.name }], ticked, single)),
          onSelectAll: (ticked, _all, changed) =>
            setSelected((cur) =>
              applyTick(
                cur,
                changed.map((r) => ({ id: r.id, name: r.name })),
                ticked,
                single,
              ),
            ),
        }}
        columns={[
          { key: 'name', title: kindName, dataIndex: 'name', ellipsis: true },
          { key: 'owner', title: t('owner'), width: 120, render: (_, r) => r.row.ownerUserName },
          {
            key: 'created',
            title: t('created'),
            width: 160,
            render: (_, r) => showTime(r.row.createTime),
          },
        ]}
      />
      <div className="rp-pager">
        <Typography.Text type="secondary" data-testid="rp-page">
          {t('pageOf', { page, pages, total })}
        </Typography.Text>
        <Space>
          <Button size="small" disabled={page <= 1} onClick={() => go(page - 1)} data-testid="rp-prev">
            {t('prev')}
          </Button>
          <Button size="small" disabled={page >= pages} onClick={() => go(page + 1)} data-testid="rp-next">
            {t('next')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
