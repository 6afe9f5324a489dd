import { ArrowLeftOutlined } from '@ant-design/icons';
import { authHas, type CallKind } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FileUploadList } from '@/components/upload';
import { useSession } from '@/shell/session';
import { recordApi, recordKeys } from '../api';
// The call centre (issue 25, h-call).
import { CallButton } from '../call-centre/CallButton';
import { callFieldsOfKind } from '../call-centre/fields';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { TransferDialog } from '../list/TransferDialog';
import { useCrmMessages } from '../messages';
import { ProductLinesTab } from '../product-lines/ProductLinesTab';
import { type CrmKind, type DetailContext, kindCan } from '../types';
import { showTime } from '../values';
import { ActionLogTab } from './ActionLogTab';
import { BasicInfoTab } from './BasicInfoTab';
import './crm-detail.css';
import { useKindNames } from '../names';
import { FollowUpTab } from './FollowUpTab';
import { TeamTab } from './TeamTab';

/**
 * The detail of one record of a kind (`/crm/<kind>/:id`): a header with its name, owner and key
 * times and the actions the viewer may take (by permission and the server's `access`), then
 * tabs: 基本信息, 跟进记录, the kind's own tabs, 相关团队, 附件, 操作记录 (as the kind has them).
 */
export function RecordDetailPage({ kind }: { kind: CrmKind }) {
  const d = kind.descriptor;
  const t = useCrmMessages();
  const kindLabel = useKindNames(kind.descriptor).name;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { auth } = useSession();
  const allowed = (action: string) => authHas(auth, kindCan(kind, action));
  const id = Number(useParams().id);
  // 开单 (h-orders): `?tab=deals` opens a tab directly (after saving an order, the 成交项目 tab).
  const [searchParams] = useSearchParams();
  const api = useMemo(
    () => recordApi(kind.prefix, { transfer: kind.descriptor.transferCall, save: kind.saveCall }),
    [kind.prefix, kind.descriptor.transferCall, kind.saveCall],
  );
  const [dialog, setDialog] = useState<'edit' | 'transfer' | null>(null);
  const detail = useQuery({
    queryKey: recordKeys.detail(kind.prefix, id),
    queryFn: () => api.detail(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
  const back = () => navigate(`/crm/${kind.path}`);

  if (detail.isError || !(Number.isInteger(id) && id > 0))
    return (
      <Card>
        <Result
          status="404"
          title={t('notFound', { name: kindLabel })}
          extra={<Button onClick={back}>{t('backToList')}</Button>}
        />
      </Card>
    );
  if (!detail.data) return <Card>{<Skeleton active />}</Card>;

  const { record, access } = detail.data;
  const ctx: DetailContext = { kind, id, record, access, refresh, can: (permission) => authHas(auth, permission) };
  const canWrite = access.write;
  const Actions = kind.detailActions;
  const Banner = kind.detailBanner;

  const remove = () =>
    modal.confirm({
      title: t('delete'),
      content: t('deleteOne', { name: kindLabel }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.remove([id]);
          message.success(t('deleted'));
          refresh();
          back();
        } catch {
          // the request layer showed the server's message
        }
      },
    });

  const tabs = [
    { key: 'basic', label: t('basicInfo'), children: <BasicInfoTab kind={kind} record={record} /> },
    ...(d.features.followUps
      ? [{ key: 'followUps', label: t('followUps'), children: <FollowUpTab kind={kind} api={api} id={id} /> }]
      : []),
    ...(d.features.products && kind.productLines
      ? [{ key: 'products', label: t('products'), children: <ProductLinesTab kind={kind} id={id} /> }]
      : []),
    ...(kind.detailTabs?.(ctx) ?? [])
      .filter((tab) => !tab.access || authHas(auth, tab.access))
      .map(({ access: _need, ...tab }) => tab),
    ...(d.features.team
      ? [
          {
            key: 'team',
            label: t('team'),
            children: <TeamTab kind={kind} api={api} id={id} canManage={canWrite && allowed('teamsave')} />,
          },
        ]
      : []),
    ...(d.features.attachments
      ? [
          {
            key: 'files',
            label: t('attachments'),
            children: <FileUploadList batchId={String(record.batchId ?? '') || undefined} readOnly />,
          },
        ]
      : []),
    { key: 'log', label: t('actionLog'), children: <ActionLogTab kind={kind} api={api} id={id} /> },
  ];

  return (
    <Card className="crm-detail" data-testid="record-detail">
      <div className="crm-detail__head">
        <Space align="center">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('backToList')} onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="record-title">
            {String(record[d.nameField] ?? '')}
          </Typography.Title>
          {!canWrite && <Tag>{t('readOnly')}</Tag>}
        </Space>
        <Space wrap>
          {/* The call centre (issue 25, h-call): dial a number shown, or one hidden from the viewer (absent from the row). */}
          {callFieldsOfKind(d.key)
            .filter((f) => !(f in record) || Boolean(record[f]))
            .map((f) => (
              <CallButton key={f} kind={d.key as CallKind} id={id} field={f} withText />
            ))}
          {Actions && <Actions {...ctx} />}
          {canWrite && allowed('update') && (kind.editable?.(record) ?? true) && (
            <Button type="primary" onClick={() => setDialog('edit')} data-testid="record-edit">
              {t('edit', { name: '' })}
            </Button>
          )}
          {canWrite && d.features.transfer && allowed('transfer') && (
            <Button onClick={() => setDialog('transfer')} data-testid="record-transfer">
              {t('transfer')}
            </Button>
          )}
          {canWrite && allowed('delete') && (
            <Button danger onClick={remove} data-testid="record-delete">
              {t('delete')}
            </Button>
          )}
        </Space>
      </div>
      <Descriptions
        className="crm-detail__facts"
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'owner', label: t('ownerLabel'), children: record.ownerUserName || '—' },
          { key: 'createUser', label: t('createUser'), children: record.createUserName || '—' },
          { key: 'createTime', label: t('createTime'), children: showTime(record.createTime) },
          { key: 'nextTime', label: t('nextTime'), children: showTime(record.nextTime) },
        ]}
      />
      {Banner && <Banner {...ctx} />}
      <Tabs items={tabs} destroyOnHidden defaultActiveKey={searchParams.get('tab') ?? undefined} />
      {dialog === 'edit' && (
        <RecordFormOverlay
          kind={kind}
          open
          recordId={id}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog === 'transfer' && (
        <TransferDialog
          open
          carryChoices={kind.descriptor.transferCarry?.map((c) => c.key)}
          onClose={() => setDialog(null)}
          onSubmit={async (body) => {
            await api.transfer({ ids: [id], ...body });
            message.success(t('done'));
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
