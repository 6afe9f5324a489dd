import { authHas, FollowStatus, type ReviewRow, showFen } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Drawer, Empty, Image, Input, List, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { call } from '@/shell/call';
import { useSession } from '@/shell/session';
import { showTime } from '@/shell/time';
import { evaluateApi, evaluateKeys, type ReviewFilter } from './api';
import { useEvaluateMessages } from './messages';

const followColor: Record<number, string> = { 0: 'default', 1: 'red', 2: 'green' };
const scoresOf = (r: ReviewRow) => `${r.effect} / ${r.service} / ${r.environment}`;

/** The review list: filters, the table, a review's detail with photos, coupons and follow-ups. */
export function ReviewsTab() {
  const t = useEvaluateMessages();
  const [filter, setFilter] = useState<ReviewFilter>({ page: 1, limit: 15 });
  const [open, setOpen] = useState<number | null>(null);
  const set = (patch: Partial<ReviewFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));
  // The stores a station sees; a reader without any station goes without the store filter.
  const stores = useQuery({
    queryKey: ['workbench', 'evaluate', 'stores'],
    queryFn: () => call('/clinic/booking/stores', undefined, { json: true, silent: true }),
    retry: false,
  });
  const list = useQuery({
    queryKey: evaluateKeys.list(filter),
    queryFn: () => evaluateApi.list(filter),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 240 }}
          onSearch={(search) => set({ search })}
        />
        <DatePicker placeholder={t('from')} onChange={(d) => set({ from: d ? d.format('YYYY-MM-DD') : undefined })} />
        <DatePicker placeholder={t('to')} onChange={(d) => set({ to: d ? d.format('YYYY-MM-DD') : undefined })} />
        {(stores.data?.length ?? 0) > 0 && (
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('store')}
            aria-label={t('store')}
            onChange={(v?: number) => set({ storeId: v })}
            options={(stores.data ?? []).map((x) => ({ value: x.storeId, label: x.storeName }))}
          />
        )}
        <div style={{ width: 140 }}>
          <UserSelect label={t('staff')} onChange={(v) => set({ staffId: v ?? undefined })} />
        </div>
        <Select
          style={{ width: 170 }}
          value={filter.maxScore ?? 0}
          onChange={(v: number) => set({ maxScore: v || undefined })}
          options={[
            { value: 0, label: t('anyScore') },
            { value: 2, label: t('poorOnly') },
            { value: 3, label: t('scoreAtMost', { n: 3 }) },
            { value: 4, label: t('scoreAtMost', { n: 4 }) },
          ]}
          aria-label={t('maxScore')}
        />
        <Select
          style={{ width: 120 }}
          value={filter.followStatus ?? -1}
          onChange={(v: number) => set({ followStatus: v < 0 ? undefined : (v as 0 | 1 | 2) })}
          options={[
            { value: -1, label: t('allFollow') },
            { value: 1, label: t('follow1') },
            { value: 2, label: t('follow2') },
            { value: 0, label: t('follow0') },
          ]}
          aria-label={t('followStatus')}
        />
        <Button onClick={() => void evaluateApi.exportList(filter)}>{t('export')}</Button>
      </Space>
      <Table<ReviewRow>
        rowKey="reviewId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: list.data?.totalRow ?? 0,
          onChange: (page, limit) => setFilter((f) => ({ ...f, page, limit })),
        }}
        columns={[
          { title: t('time'), dataIndex: 'createTime', width: 140, render: (v: string) => showTime(v) },
          { title: t('customer'), dataIndex: 'customerName', width: 90 },
          { title: t('store'), dataIndex: 'storeName', width: 90 },
          { title: t('project'), dataIndex: 'projectName', width: 100 },
          { title: t('scores'), key: 'scores', width: 110, render: (_, r) => scoresOf(r) },
          { title: t('content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('followStatus'),
            dataIndex: 'followStatus',
            width: 80,
            render: (v: number) => <Tag color={followColor[v]}>{t(`follow${v}` as 'follow0')}</Tag>,
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 70,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.reviewId)}>
                {t('detail')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <ReviewDrawer reviewId={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function ReviewDrawer({ reviewId, onClose }: { reviewId: number; onClose: () => void }) {
  const t = useEvaluateMessages();
  const { auth } = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: evaluateKeys.detail(reviewId), queryFn: () => evaluateApi.detail(reviewId) });
  const follows = useQuery({ queryKey: evaluateKeys.follows(reviewId), queryFn: () => evaluateApi.follows(reviewId) });
  const [content, setContent] = useState('');
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState(false);
  const r = detail.data;
  const canFollow = authHas(auth, 'oa.evaluate.follow') && r?.followStatus === FollowStatus.open;

  const addFollow = async () => {
    setBusy(true);
    try {
      await evaluateApi.follow(reviewId, content, closed);
      message.success(t('saved'));
      setContent('');
      setClosed(false);
      void queryClient.invalidateQueries({ queryKey: evaluateKeys.all });
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer open title={t('detailTitle')} width={520} onClose={onClose}>
      {r && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <div>
            {r.customerName} {r.mobile} · {r.storeName} · {r.projectName}
          </div>
          <div>
            {t('staff')}：{r.staffNames.join('、')}
          </div>
          <div>
            {t('scores')}：<strong>{scoresOf(r)}</strong> · {showTime(r.createTime)}
          </div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div>
          {r.photos.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {r.photos.map((p) => (
                  <Image key={p.fileId} src={p.url} width={88} height={88} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <strong>{t('coupons')}</strong>
          {r.coupons.length ? (
            r.coupons.map((c) => (
              <div key={c.couponId}>
                {c.name} {showFen(c.value)} · {c.code} · {c.validTo}
              </div>
            ))
          ) : (
            <span>{t('noCoupons')}</span>
          )}
          <strong>{t('follows')}</strong>
          {follows.data?.length ? (
            <List
              size="small"
              dataSource={follows.data}
              renderItem={(f) => (
                <List.Item>
                  <div>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{f.content}</div>
                    <small>
                      {f.userName} · {showTime(f.createTime)} {f.closed && <Tag color="green">{t('follow2')}</Tag>}
                    </small>
                  </div>
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFollows')} />
          )}
          {canFollow && (
            <>
              <Input.TextArea
                rows={3}
                maxLength={500}
                value={content}
                onChange={(e) => setContent(e.target.value)}
                placeholder={t('followContent')}
              />
              <Checkbox checked={closed} onChange={(e) => setClosed(e.target.checked)}>
                {t('closeCase')}
              </Checkbox>
              <Button type="primary" loading={busy} onClick={addFollow}>
                {t('addFollow')}
              </Button>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
