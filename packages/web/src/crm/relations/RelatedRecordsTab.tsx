import { LinkOutlined } from '@ant-design/icons';
import { authHas, type RecordRow } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordLinkPicker } from '@/components/record-picker/RecordLinkPicker';
import { useSession } from '@/shell/session';
import { kindBase } from '../kind-base';
import type { DetailContext } from '../types';
import { businessContacts, contactsBusiness, type RelationSide } from './api';
import { useRelationMessages } from './messages';

const PAGE = 10;

type Props = DetailContext & { side: 'contactsBusiness' | 'businessContacts' };

/**
 * The 商机 tab of a contact and the 联系人 tab of an opportunity (crm-records §7): the related
 * records the viewer may see, 关联 through the record link picker, 取消关联 after 确认取消关联?.
 * Changing the relation needs write access to this record and the kind's update permission.
 */
export default function RelatedRecordsTab({ id, kind, access, side }: Props) {
  const t = useRelationMessages();
  const { auth } = useSession();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const api: RelationSide = side === 'contactsBusiness' ? contactsBusiness : businessContacts;
  const other = kindBase(side === 'contactsBusiness' ? 'business' : 'contacts')!;
  const otherId = other.descriptor.idField;
  const key = ['crm', 'relation', side, id];
  const list = useQuery({
    queryKey: [...key, page],
    queryFn: () => api.list(id, page, PAGE),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['crm', 'relation'] });
  const writable = access.write && authHas(auth, `${kind.descriptor.permission}:update`);

  const relate = async (ids: number[]) => {
    setPicking(false);
    if (ids.length === 0) return;
    await api.relate(id, ids);
    void message.success(t('done'));
    await reload();
  };
  const unrelate = (otherRecordId: number) =>
    modal.confirm({
      title: t('unrelateConfirm'),
      onOk: async () => {
        await api.unrelate(id, [otherRecordId]);
        void message.success(t('done'));
        await reload();
      },
      onCancel: () => void message.info(t('cancelled')),
    });

  const nameLink = (field: string) => (_: unknown, r: RecordRow) => (
    <Link to={`/crm/${other.path}/${r[otherId]}`}>{String(r[field] ?? '')}</Link>
  );
  const columns: ColumnsType<RecordRow> =
    side === 'contactsBusiness'
      ? [
          { key: 'businessName', title: t('businessName'), render: nameLink('businessName') },
          { key: 'money', title: t('money'), dataIndex: 'money' },
          { key: 'customerName', title: t('customerName'), dataIndex: 'customerName' },
          { key: 'statusName', title: t('statusName'), dataIndex: 'statusName' },
        ]
      : [
          { key: 'name', title: t('name'), render: nameLink('name') },
          { key: 'mobile', title: t('mobile'), dataIndex: 'mobile' },
          { key: 'post', title: t('post'), dataIndex: 'post' },
          { key: 'customerName', title: t('customerName'), dataIndex: 'customerName' },
        ];
  if (writable)
    columns.push({
      key: 'action',
      title: t('action'),
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => unrelate(Number(r[otherId]))} data-testid="relation-unrelate">
          {t('unrelate')}
        </Button>
      ),
    });

  return (
    <div data-testid={`relation-${side}`}>
      {writable && (
        <Button
          size="small"
          icon={<LinkOutlined />}
          style={{ marginBottom: 8 }}
          onClick={() => setPicking(true)}
          data-testid="relation-relate"
        >
          {t('relate')}
        </Button>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={(r) => Number(r[otherId])}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: side === 'contactsBusiness' ? t('emptyBusiness') : t('emptyContacts') }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={columns}
      />
      <RecordLinkPicker
        open={picking}
        kind={other.descriptor}
        prefix={other.prefix}
        value={[]}
        onConfirm={(picked) => void relate(picked.map((p) => p.id))}
        onCancel={() => setPicking(false)}
      />
    </div>
  );
}
