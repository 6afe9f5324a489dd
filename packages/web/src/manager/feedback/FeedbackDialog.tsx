import { feedbackStatusNames, feedbackSubmitSchema, feedbackText, feedbackTypes } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Form, Input, List, Modal, Radio, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { type SchemaLike, zodRules } from '@/components/form/zod-rules';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { showTime } from '@/shell/time';
import { type FeedbackRow, feedbackApi, feedbackKeys, type SubmitBody, statusColor } from './api';
import { useFeedbackMessages } from './messages';

const schema = feedbackSubmitSchema as SchemaLike<SubmitBody>;

/** Send feedback (type, content, screenshots, the page it was sent from) and read one's own with the replies. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const t = useFeedbackMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const uploads = useUploadSession();
  const [form] = Form.useForm<SubmitBody>();
  const [tab, setTab] = useState('send');
  // One batch per sent feedback: its screenshots live there, and a double click answers the first feedback.
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const pageUrl = window.location.pathname + window.location.search;
  const rules = zodRules(schema);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await feedbackApi.submit({ ...values, pageUrl, batchId });
      await uploads.saved();
      message.success(t('sent'));
      form.resetFields();
      setBatchId(newBatchId());
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
      setTab('mine');
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };
  const cancel = () => {
    void uploads.discard();
    onClose();
  };

  return (
    <Modal
      open
      title={t('title')}
      onCancel={cancel}
      onOk={tab === 'send' ? submit : cancel}
      okText={tab === 'send' ? t('submit') : undefined}
      okButtonProps={{ loading: saving, hidden: tab !== 'send' }}
      width={640}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'send',
            label: t('send'),
            children: (
              <Form form={form} layout="vertical" name="feedback" initialValues={{ type: feedbackTypes[0] }}>
                <Form.Item name="type" label={t('type')} required rules={rules('type')}>
                  <Radio.Group options={feedbackTypes.map((v) => ({ value: v, label: v }))} />
                </Form.Item>
                <Form.Item name="content" label={t('content')} required rules={rules('content')}>
                  <Input.TextArea
                    rows={5}
                    maxLength={feedbackText.content.max}
                    showCount
                    placeholder={t('contentHint')}
                  />
                </Form.Item>
                <Form.Item label={t('screenshots')}>
                  <UploadSessionProvider session={uploads}>
                    <FileUploadList batchId={batchId} type="img" />
                  </UploadSessionProvider>
                </Form.Item>
                <Form.Item label={t('page')}>
                  <Typography.Text type="secondary">{pageUrl}</Typography.Text>
                </Form.Item>
              </Form>
            ),
          },
          { key: 'mine', label: t('mine'), children: <MyFeedback /> },
        ]}
      />
    </Modal>
  );
}

function MyFeedback() {
  const t = useFeedbackMessages();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({ queryKey: feedbackKeys.mine(page), queryFn: () => feedbackApi.mine(page) });
  if (!isLoading && !data?.totalRow) return <Empty description={t('noMine')} />;
  return (
    <List<FeedbackRow>
      loading={isLoading}
      dataSource={data?.list ?? []}
      pagination={{ current: page, pageSize: 10, total: data?.totalRow ?? 0, onChange: setPage, size: 'small' }}
      renderItem={(row) => (
        <List.Item key={row.feedbackId} data-testid="my-feedback">
          <List.Item.Meta
            title={
              <>
                <Tag color={statusColor[row.status]}>{feedbackStatusNames[row.status]}</Tag>
                {row.type} · {showTime(row.createTime)}
              </>
            }
            description={
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                  {row.content}
                </Typography.Paragraph>
                {row.reply ? (
                  <Typography.Paragraph type="success" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                    {t('repliedBy', { name: row.replierName, time: showTime(row.replyTime) })}：{row.reply}
                  </Typography.Paragraph>
                ) : (
                  <Typography.Text type="secondary">{t('noReply')}</Typography.Text>
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
