import { DownloadOutlined } from '@ant-design/icons';
import { GiftStatus, giftStatusNames, type LotteryDrawRow, PrizeKind, prizeKindNames } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { showTime } from '@/shell/time';
import { type DrawFilter, lotteryApi, lotteryKeys } from './api';
import { lotteryEnumEn, useLotteryMessages } from './messages';

/** Every draw of the customers in the viewer's scope, with filters, export and the gifts' hand-out. */
export function DrawsTab() {
  const t = useLotteryMessages();
  const { lang } = useLang();
  const en = (zh: string) => (lang === 'en' ? (lotteryEnumEn[zh] ?? zh) : zh);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<DrawFilter>({ page: 1, limit: 15 });
  const [days, setDays] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [busy, setBusy] = useState(false);
  const activities = useQuery({
    queryKey: lotteryKeys.list({ page: 1, limit: 100 }),
    queryFn: () => lotteryApi.list({ page: 1, limit: 100 }),
  });
  const draws = useQuery({ queryKey: lotteryKeys.draws(filter), queryFn: () => lotteryApi.draws(filter) });
  const set = (patch: DrawFilter) => setFilter((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const handOut = async (drawId: number) => {
    try {
      await lotteryApi.handOut(drawId);
      message.success(t('handed'));
      await queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
    } catch {
      // the request layer showed why
    }
  };
  const exportSheet = async () => {
    setBusy(true);
    try {
      await lotteryApi.exportDraws({ ...filter, page: 1 });
      message.success(t('exported'));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('allActivities')}
          style={{ width: 180 }}
          onChange={(v?: number) => set({ activityId: v })}
          options={(activities.data?.list ?? []).map((a) => ({ value: a.activityId, label: a.name }))}
        />
        <Select
          allowClear
          placeholder={t('allKinds')}
          style={{ width: 130 }}
          onChange={(v?: number) => set({ kind: v ?? -1 })}
          options={Object.entries(prizeKindNames).map(([v, n]) => ({ value: Number(v), label: en(n) }))}
        />
        <Select
          allowClear
          placeholder={t('allGifts')}
          style={{ width: 140 }}
          onChange={(v?: number) => set({ giftStatus: v ?? -1 })}
          options={[GiftStatus.waiting, GiftStatus.handed].map((v) => ({ value: v, label: en(giftStatusNames[v]!) }))}
        />
        <DatePicker.RangePicker
          value={days}
          onChange={(v) => {
            setDays(v);
            set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') });
          }}
        />
        <Input.Search
          placeholder={t('searchDraws')}
          allowClear
          onSearch={(v) => set({ search: v })}
          style={{ width: 200 }}
        />
        <Button icon={<DownloadOutlined />} loading={busy} onClick={exportSheet}>
          {t('export')}
        </Button>
      </Space>
      <Table<LotteryDrawRow>
        rowKey="drawId"
        size="small"
        loading={draws.isLoading}
        dataSource={draws.data?.list ?? []}
        pagination={{
          current: filter.page,
          pageSize: 15,
          total: draws.data?.totalRow ?? 0,
          onChange: (page) => set({ page }),
        }}
        columns={[
          { title: t('time'), dataIndex: 'createTime', width: 150, render: (v: string) => showTime(v) },
          { title: t('activity'), dataIndex: 'activityName', ellipsis: true },
          { title: t('customer'), dataIndex: 'customerName', width: 100 },
          { title: t('prize'), dataIndex: 'prizeName', width: 120 },
          { title: t('kind'), dataIndex: 'kind', width: 90, render: (k: number) => en(prizeKindNames[k] ?? '') },
          { title: t('couponCode'), dataIndex: 'couponCode', width: 110 },
          {
            title: t('giftStatus'),
            key: 'gift',
            width: 180,
            render: (_, d) =>
              d.kind !== PrizeKind.gift ? null : d.giftStatus === GiftStatus.handed ? (
                <Tag color="green" title={showTime(d.handedTime)}>
                  {en('已领取')} {d.handedBy}
                </Tag>
              ) : (
                <Space size={4}>
                  <Tag color="orange">{en('待领取')}</Tag>
                  <Button size="small" type="link" onClick={() => handOut(d.drawId)}>
                    {t('handOut')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}
