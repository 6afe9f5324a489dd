import { PlusOutlined } from '@ant-design/icons';
import { authHas } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shell/session';
import { type RecordRow, recordKeys } from '../api';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import type { CrmKind } from '../types';
import { customerContacts } from './api';
import { useContactsMessages } from './messages';

const PAGE_SIZE = 10;

/**
 * The customer detail's 联系人 tab: its contacts (crm-records §3 default columns) and 新建联系人,
 * which creates a contact of this customer, the customer prefilled and locked (§4 "relative").
 */
export default function CustomerContactsTab({
  customerId,
  contactsKind,
}: {
  customerId: number;
  contactsKind: CrmKind;
}) {
  const t = useContactsMessages();
  const { auth } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...recordKeys.kind(contactsKind.prefix), 'ofCustomer', customerId, page],
    queryFn: () => customerContacts(customerId, page, PAGE_SIZE),
  });
  return (
    <div data-testid="customer-contacts">
      {authHas(auth, 'crm.contacts.save') && (
        <Button
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setCreating(true)}
          data-testid="customer-contacts-create"
        >
          {t('create')}
        </Button>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={(r) => String(r.contactsId)}
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.totalRow ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            render: (_, r) => <Link to={`/crm/${contactsKind.path}/${r.contactsId}`}>{String(r.name ?? '')}</Link>,
          },
          { key: 'mobile', title: t('mobile'), dataIndex: 'mobile' },
          { key: 'telephone', title: t('telephone'), dataIndex: 'telephone' },
          {
            key: 'policymaker',
            title: t('policymaker'),
            render: (_, r) => (r.policymaker ? t('yes') : t('no')),
          },
          { key: 'post', title: t('post'), dataIndex: 'post' },
        ]}
      />
      {creating && (
        <RecordFormOverlay
          kind={contactsKind}
          open
          preset={{ customerId }}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: recordKeys.kind(contactsKind.prefix) });
          }}
        />
      )}
    </div>
  );
}
