import type { CallLogRow } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { UserSelect } from '@/booking/pickers';
import { showTime } from '@/shell/time';
import { audioUrl, callApi, callKeys } from './api';
import { clock, useCallMessages } from './messages';

const PAGE_SIZE = 15;

/** 通话记录: paged in SQL, filtered by person (my scope), days, direction and answered; recordings play inline. */
export function CallLogTab() {
  const t = useCallMessages();
  const [userId, setUserId] = useState<number | null>(null);
  const [days, setDays] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [direction, setDirection] = useState<string>('');
  const [answered, setAnswered] = useState<string>('');
  const [page, setPage] = useState(1);
  const body = {
    page,
    limit: PAGE_SIZE,
    userId: userId ?? undefined,
    startDay: days?.[0]?.format('YYYY-MM-DD'),
    endDay: days?.[1]?.format('YYYY-MM-DD'),
    direction: direction || undefined,
    answered: answered || undefined,
  };
  const log = useQuery({
    queryKey: callKeys.log(body),
    queryFn: () => callApi.log(body),
    placeholderData: keepPreviousData,
  });
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const columns: TableColumnsType<CallLogRow> = [
    {
      key: 'record',
      title: t('record'),
      render: (_, r) =>
        r.kind && r.recordId ? (
          <Space size={4}>
            <Tag>{t(r.kind)}</Tag>
            {r.recordName ? (
              <Link to={`/crm/${r.kind}/${r.recordId}`}>{r.recordName}</Link>
            ) : (
              <span className="crm-muted">{t('hiddenRecord')}</span>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    { key: 'caller', title: t('caller'), width: 150, render: (_, r) => `${r.realname}（${r.exten}）` },
    {
      key: 'state',
      title: t('answered'),
      width: 130,
      render: (_, r) => (
        <Space size={4}>
          <Tag>{t(r.direction)}</Tag>
          <Tag color={r.answered ? 'green' : 'orange'}>{r.answered ? t('yes') : t('no')}</Tag>
        </Space>
      ),
    },
    { key: 'duration', title: t('duration'), width: 80, render: (_, r) => clock(r.duration) },
    { key: 'start', title: t('startTime'), width: 150, render: (_, r) => showTime(r.startTime) },
    {
      key: 'recording',
      title: t('recording'),
      width: 230,
      render: (_, r) =>
        r.hasRecording ? (
          // biome-ignore lint/a11y/useMediaCaption: a telephone recording has no captions
          <audio
            controls
            preload="none"
            src={audioUrl(r.callId)}
            style={{ width: 210, height: 30 }}
            data-testid="log-audio"
          />
        ) : (
          <span className="crm-muted">{t('noRecording')}</span>
        ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <div style={{ width: 180 }}>
          <UserSelect label={t('whose')} value={userId} onChange={reset(setUserId)} />
        </div>
        <DatePicker.RangePicker aria-label={t('days')} value={days} onChange={(v) => reset(setDays)(v)} />
        <Select
          aria-label={t('direction')}
          style={{ width: 110 }}
          value={direction}
          onChange={reset(setDirection)}
          options={[
            { value: '', label: t('any') },
            { value: 'out', label: t('out') },
            { value: 'in', label: t('in') },
          ]}
        />
        <Select
          aria-label={t('answered')}
          style={{ width: 110 }}
          value={answered}
          onChange={reset(setAnswered)}
          options={[
            { value: '', label: t('any') },
            { value: 'true', label: t('yes') },
            { value: 'false', label: t('no') },
          ]}
        />
      </Space>
      <Table<CallLogRow>
        rowKey="callId"
        size="small"
        loading={log.isFetching}
        columns={columns}
        dataSource={log.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="call-log"
      />
    </>
  );
}
