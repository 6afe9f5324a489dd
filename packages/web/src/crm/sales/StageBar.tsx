import { authHas, type BusinessStatusAnswer } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Input, Space, Steps, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useSession } from '@/shell/session';
import { recordKeys } from '../api';
import type { DetailContext } from '../types';
import { salesApi, salesKeys } from './api';
import { useSalesMessages } from './messages';

const ends = [
  { isEnd: 1, key: 'won' },
  { isEnd: 2, key: 'lost' },
  { isEnd: 3, key: 'invalid' },
] as const;

/**
 * The opportunity's stage bar (DECISIONS "CRM": status groups with stages; it ends won, lost or
 * invalid): the group's stages with their win rates, the current one marked; whoever may edit it
 * boosts it to the next stage or ends it, after a confirmation with an optional remark. Each
 * change is in the operation log (the server writes it).
 */
export default function StageBar({ id, access }: DetailContext) {
  const t = useSalesMessages();
  const { modal, message } = App.useApp();
  const { auth } = useSession();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: salesKeys.businessStatus(id), queryFn: () => salesApi.businessStatus(id) });
  // The confirm dialog lives outside this component's renders: the remark goes through a ref.
  const remark = useRef('');
  if (!status.data) return null;
  const s: BusinessStatusAnswer = status.data;
  const at = s.statusList.findIndex((x) => x.statusId === s.statusId);
  const next = s.isEnd === 0 ? s.statusList[at + 1] : undefined;
  const canMove = access.write && authHas(auth, 'crm:business:update') && s.isEnd === 0;
  const ended = ends.find((e) => e.isEnd === s.isEnd);

  const confirm = (title: string, body: { statusId?: number; isEnd: 0 | 1 | 2 | 3 }) => {
    remark.current = '';
    modal.confirm({
      title,
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder={t('remark')}
          onChange={(e) => {
            remark.current = e.target.value;
          }}
        />
      ),
      onOk: async () => {
        try {
          await salesApi.boost({ businessId: id, ...body, statusRemark: remark.current });
          message.success(t('shelfDone'));
          void queryClient.invalidateQueries({ queryKey: recordKeys.kind('CrmBusiness') });
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  };

  return (
    <div className="crm-stage-bar" data-testid="stage-bar" style={{ margin: '12px 0 4px' }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{s.typeName}</Typography.Text>
        {ended && (
          <Tag color={ended.isEnd === 1 ? 'success' : 'default'} data-testid="stage-ended">
            {t('ended', { name: t(ended.key) })}
          </Tag>
        )}
        {canMove && next && (
          <Button
            type="primary"
            size="small"
            data-testid="stage-boost"
            onClick={() => confirm(t('boostConfirm', { name: next.name }), { statusId: next.statusId, isEnd: 0 })}
          >
            {t('boostTo', { name: next.name })}
          </Button>
        )}
        {canMove && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: ends.map((e) => ({ key: String(e.isEnd), label: t(e.key) })),
              onClick: ({ key }) => {
                const e = ends.find((x) => String(x.isEnd) === key)!;
                confirm(t('endConfirm', { name: t(e.key) }), { isEnd: e.isEnd });
              },
            }}
          >
            <Button size="small" data-testid="stage-end">
              {t('end')}
            </Button>
          </Dropdown>
        )}
      </Space>
      <Steps
        size="small"
        current={at}
        status={s.isEnd === 2 || s.isEnd === 3 ? 'error' : s.isEnd === 1 ? 'finish' : 'process'}
        items={s.statusList.map((x) => ({ title: x.name, description: t('rate', { n: x.rate }) }))}
      />
    </div>
  );
}
