import { ShoppingCartOutlined } from '@ant-design/icons';
import { fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission } from '@/manager/use-permission';
import { orderKeys, ordersApi } from '../api';
import { useDealMessages } from '../messages';

/**
 * The customer detail's header: principal, gift and arrears (/clinic/account/info) and 开单 for
 * whoever may open orders (crm.dealRecord.save).
 */
export default function CustomerMoney({ id }: { id: number }) {
  const t = useDealMessages();
  const can = usePermission();
  const navigate = useNavigate();
  const account = useQuery({ queryKey: orderKeys.account(id), queryFn: () => ordersApi.account(id) });
  const a = account.data;
  return (
    <Space size={4} wrap>
      {a && (
        <span data-testid="customer-money">
          <Tag color="blue">
            {t('principal')} {fenToYuan(a.principal)}
          </Tag>
          <Tag color="cyan">
            {t('gift')} {fenToYuan(a.gift)}
          </Tag>
          <Tag color={a.arrears > 0 ? 'red' : 'default'}>
            {t('arrears')} {fenToYuan(a.arrears)}
          </Tag>
        </span>
      )}
      {can('crm.dealRecord.save') && (
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          onClick={() => navigate(`/openOrders?customerId=${id}`)}
          data-testid="open-order"
        >
          {t('openOrder')}
        </Button>
      )}
    </Space>
  );
}
