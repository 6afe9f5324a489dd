import { PlusOutlined } from '@ant-design/icons';
import { authHas, businessKind } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shell/session';
import { type RecordRow, recordKeys } from '../api';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { kindBase } from '../kind-base';
import type { DetailContext } from '../types';
import { salesApi, salesKeys } from './api';
import { useSalesMessages } from './messages';

const PAGE = 10;

/**
 * A customer's 商机 tab: its opportunities the viewer may see (`CrmCustomer/queryBusiness`), each
 * opening its detail, and 新建商机 — a relative create with the customer filled in and locked
 * (crm-records §4).
 */
export default function CustomerBusinessTab({ id, access }: DetailContext) {
  const t = useSalesMessages();
  const { auth } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: salesKeys.customerBusiness(id, page),
    queryFn: () => salesApi.customerBusiness(id, page, PAGE),
    placeholderData: keepPreviousData,
  });
  const business = kindBase(businessKind.key)!;
  const canCreate = access.write && authHas(auth, 'crm:business:save');
  return (
    <div data-testid="customer-business">
      {canCreate && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          style={{ marginBottom: 8 }}
          onClick={() => setCreating(true)}
          data-testid="customer-business-create"
        >
          {t('newBusiness')}
        </Button>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={(r) => Number(r.businessId)}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalRow ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('businessName'),
            key: 'businessName',
            render: (_, r) => <Link to={`/crm/business/${r.businessId}`}>{String(r.businessName ?? '')}</Link>,
          },
          { title: t('money'), dataIndex: 'money', key: 'money' },
          { title: t('typeName'), dataIndex: 'typeName', key: 'typeName' },
          { title: t('statusName'), dataIndex: 'statusName', key: 'statusName' },
        ]}
      />
      {creating && (
        <RecordFormOverlay
          kind={business}
          open
          preset={{ customerId: id }}
          locked={['customerId']}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: recordKeys.kind('CrmBusiness') });
          }}
        />
      )}
    </div>
  );
}
