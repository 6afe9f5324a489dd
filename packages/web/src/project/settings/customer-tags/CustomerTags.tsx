import { EditOutlined } from '@ant-design/icons';
import { customerTagPaths } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { DetailContext } from '@/crm/types';
import { call } from '@/shell/call';
import { useCustomerTagMessages } from './messages';

const keys = {
  of: (customerId: number) => ['clinicSettings', 'customerTag', customerId] as const,
  options: ['clinicSettings', 'customerTag', 'options'] as const,
};

/**
 * A customer's tags (markManage) on the customer's detail, between its header and its tabs:
 * shown to whoever reads the customer, set by whoever may change it.
 */
export default function CustomerTags({ id, access, can, refresh }: DetailContext) {
  const t = useCustomerTagMessages();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number[] | null>(null);
  const tags = useQuery({ queryKey: keys.of(id), queryFn: () => call(customerTagPaths.query, { customerId: id }) });
  const options = useQuery({
    queryKey: keys.options,
    queryFn: () => call(customerTagPaths.options),
    enabled: editing !== null,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (tagIds: number[]) => call(customerTagPaths.set, { customerId: id, tagIds: tagIds.join(',') }),
    onSuccess: () => {
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: keys.of(id) });
      refresh();
    },
  });
  const mayEdit = access.write && can('crm.customer.update');
  return (
    <div className="customer-tags" data-testid="customer-tags">
      <Space size={[4, 4]} wrap>
        <Typography.Text type="secondary">{t('tags')}：</Typography.Text>
        {editing === null ? (
          <>
            {(tags.data ?? []).map((x) => (
              <Tag key={x.tagId} color={x.color}>
                {x.name}
              </Tag>
            ))}
            {tags.data?.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
            {mayEdit && (
              <Button
                size="small"
                type="link"
                icon={<EditOutlined />}
                onClick={() => setEditing((tags.data ?? []).map((x) => x.tagId))}
              >
                {t('edit')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Select
              mode="multiple"
              aria-label={t('tags')}
              style={{ minWidth: 280 }}
              value={editing}
              loading={options.isLoading}
              onChange={setEditing}
              options={(options.data ?? []).map((x) => ({ value: x.tagId, label: x.name }))}
            />
            <Button size="small" type="primary" loading={save.isPending} onClick={() => save.mutate(editing)}>
              {t('save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('cancel')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );
}
