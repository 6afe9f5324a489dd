import { feedbackStatuses, feedbackStatusNames, feedbackText, feedbackTypes } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Image,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { sendTime, showTime } from '@/shell/time';
import { usePermission } from '../use-permission';
import { type FeedbackRow, feedbackApi, feedbackKeys, type ListFilter, statusColor } from './api';
import { useFeedbackMessages } from './messages';
import './feedback.css';

type Filters = {
  status?: number;
  type?: ListFilter['type'];
  senderId?: number | null;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const toFilter = (f: Filters): ListFilter => ({
  status: f.status,
  type: f.type,
  senderId: f.senderId ?? undefined,
  startTime: f.range?.[0] ? (sendTime(f.range[0].startOf('day')) ?? undefined) : undefined,
  endTime: f.range?.[1] ? (sendTime(f.range[1].endOf('day')) ?? undefined) : undefined,
});

const statusTag = (status: number) => <Tag color={statusColor[status]}>{feedbackStatusNames[status]}</Tag>;

/** 系统管理 › 意见反馈 (spec 2.3 system-issue): every sender's feedback, filtered and paged by the server. */
export default function FeedbackPage() {
  const t = useFeedbackMessages();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const filter = toFilter(filters);
  const { data, isLoading } = useQuery({
    queryKey: feedbackKeys.list(page, filter),
    queryFn: () => feedbackApi.list(page, filter),
  });
  const change = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Card title={t('title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<number>
          allowClear
          style={{ width: 120 }}
          placeholder={t('status')}
          aria-label={t('status')}
          value={filters.status}
          options={feedbackStatuses.map((s) => ({ value: s, label: feedbackStatusNames[s] }))}
          onChange={(status) => change({ ...filters, status })}
        />
        <Select<(typeof feedbackTypes)[number]>
          allowClear
          style={{ width: 120 }}
          placeholder={t('type')}
          aria-label={t('type')}
          value={filters.type}
          options={feedbackTypes.map((v) => ({ value: v, label: v }))}
          onChange={(type) => change({ ...filters, type })}
        />
        <span className="feedback-sender">
          <Typography.Text type="secondary">{t('sender')}</Typography.Text>
          <UserSelect
            label={t('sender')}
            value={filters.senderId}
            onChange={(senderId) => change({ ...filters, senderId })}
          />
        </span>
        <DatePicker.RangePicker
          style={{ width: 250 }}
          value={filters.range ?? null}
          onChange={(range) => change({ ...filters, range })}
        />
      </Space>
      <Table<FeedbackRow>
        rowKey="feedbackId"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 15,
          total: data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(row) => ({ onClick: () => setOpenId(row.feedbackId), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('type'), dataIndex: 'type', width: 80 },
          { title: t('content'), dataIndex: 'content', ellipsis: true },
          { title: t('sender'), dataIndex: 'senderName', width: 110 },
          { title: t('status'), dataIndex: 'status', width: 90, render: statusTag },
          { title: t('time'), dataIndex: 'createTime', width: 150, render: (v: string) => showTime(v) },
        ]}
      />
      {openId !== null && <FeedbackDrawer feedbackId={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}

/** One feedback with its screenshots; a handler changes its status and replies to the sender. */
function FeedbackDrawer({ feedbackId, onClose }: { feedbackId: number; onClose: () => void }) {
  const t = useFeedbackMessages();
  const can = usePermission();
  const handle = can('manage.feedback.handle');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: feedbackKeys.detail(feedbackId),
    queryFn: () => feedbackApi.detail(feedbackId),
  });
  const [reply, setReply] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      message.success(done);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      return true;
    } catch {
      // the request layer showed the server's message
      return false;
    } finally {
      setBusy(false);
    }
  };
  const text = reply ?? data?.reply ?? '';

  return (
    <Drawer open title={t('detail')} width={560} onClose={onClose}>
      {data && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('type')}>{data.type}</Descriptions.Item>
            <Descriptions.Item label={t('sender')}>{data.senderName}</Descriptions.Item>
            <Descriptions.Item label={t('time')}>{showTime(data.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('page')}>{data.pageUrl}</Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              {handle ? (
                <Select<number>
                  aria-label={t('setStatus')}
                  style={{ width: 120 }}
                  value={data.status}
                  disabled={busy}
                  options={feedbackStatuses.map((s) => ({ value: s, label: feedbackStatusNames[s] }))}
                  onChange={(s) => void act(() => feedbackApi.setStatus(feedbackId, s), t('statusSaved'))}
                />
              ) : (
                statusTag(data.status)
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('content')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {data.content}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          {data.screenshots.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 16 }}>
                {data.screenshots.map((f) => (
                  <Image
                    key={f.fileId}
                    src={f.url}
                    alt={f.name}
                    width={96}
                    height={96}
                    style={{ objectFit: 'cover' }}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('reply')}
          </Typography.Title>
          {data.reply && (
            <Typography.Paragraph type="secondary">
              {t('repliedBy', { name: data.replierName, time: showTime(data.replyTime) })}
            </Typography.Paragraph>
          )}
          {handle ? (
            <>
              <Input.TextArea
                aria-label={t('replyHint')}
                rows={4}
                maxLength={feedbackText.reply.max}
                showCount
                placeholder={t('replyHint')}
                value={text}
                onChange={(e) => setReply(e.target.value)}
              />
              <Button
                type="primary"
                style={{ marginTop: 12 }}
                loading={busy}
                onClick={() =>
                  void act(() => feedbackApi.reply(feedbackId, text.trim()), t('replied')).then(
                    (ok) => ok && setReply(null),
                  )
                }
              >
                {t('saveReply')}
              </Button>
            </>
          ) : (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.reply || t('noReply')}</Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
