import { addFollowUpSchema, followUpText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Form, Input, List, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { validateWithSchema } from '@/components/form/zod-rules';
import { UserAvatar } from '@/components/member-picker';
import { FileUploadList } from '@/components/upload';
import { call } from '@/shell/call';
import { type RecordApi, recordKeys } from '../api';
import { useCrmMessages } from '../messages';
import type { CrmKind } from '../types';
import { showTime } from '../values';

/** The follow-up methods of the settings (客户管理设置 › 跟进记录类型); the server checks them too. */
const recordOptions = () => call('/CrmRecord/queryRecordOptions');
const PAGE_SIZE = 10;

type Values = { category?: string; content?: string; nextTime?: Dayjs | null };

/**
 * 跟进记录: a composer (method, content, next contact time, attachments) and the record's
 * follow-ups, newest first. A follow-up's next time becomes the record's (the server sets it).
 */
export function FollowUpTab({ kind, api, id }: { kind: CrmKind; api: RecordApi; id: number }) {
  const t = useCrmMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [batchId, setBatchId] = useState(newBatchId);
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(1);
  const options = useQuery({ queryKey: ['crm', 'recordOptions'], queryFn: recordOptions, staleTime: 60_000 });
  const categories = options.data ?? [];
  // The first category is the default once the settings arrive (the form may already be shown).
  const firstCategory = options.data?.[0];
  useEffect(() => {
    if (firstCategory && !form.getFieldValue('category')) form.setFieldValue('category', firstCategory);
  }, [firstCategory, form]);
  const list = useQuery({
    queryKey: recordKeys.followUps(kind.prefix, id, page),
    queryFn: () => api.followUps(id, page, PAGE_SIZE),
  });

  const toInput = (v: Record<string, unknown>) => {
    const values = v as Values;
    return {
      id,
      category: values.category ?? '',
      content: values.content ?? '',
      nextTime: values.nextTime ? values.nextTime.format('YYYY-MM-DD HH:mm') : undefined,
      batchId,
    };
  };

  const publish = async () => {
    if (saving) return;
    const parsed = await validateWithSchema(form, addFollowUpSchema, toInput);
    if (!parsed) return;
    setSaving(true);
    try {
      await api.addFollowUp(toInput(form.getFieldsValue(true)));
      message.success(t('added'));
      form.resetFields();
      setBatchId(newBatchId());
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="crm-follow" data-testid="follow-ups" aria-busy={list.isFetching}>
      <Form form={form} layout="vertical" className="crm-follow__composer" initialValues={{ category: categories[0] }}>
        <Space wrap align="start">
          <Form.Item name="category" label={t('category')} required>
            {options.isSuccess && categories.length === 0 ? (
              // No categories set: the method is free text (the server checks none).
              <Input style={{ width: 160 }} aria-label={t('category')} maxLength={followUpText.category.max} />
            ) : (
              <Select
                style={{ width: 160 }}
                aria-label={t('category')}
                loading={options.isLoading}
                options={categories.map((c) => ({ value: c, label: c }))}
              />
            )}
          </Form.Item>
          <Form.Item name="nextTime" label={t('nextTime')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={t('nextTime')} />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t('content')} required>
          <Input.TextArea
            rows={3}
            maxLength={followUpText.content.max}
            showCount
            placeholder={t('contentTips')}
            data-testid="follow-content"
          />
        </Form.Item>
        <Form.Item label={t('attachments')}>
          <FileUploadList batchId={batchId} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={publish} data-testid="follow-publish">
          {t('publish')}
        </Button>
      </Form>
      <List
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFollowUps')} /> }}
        pagination={
          (list.data?.totalRow ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: list.data?.totalRow, onChange: setPage }
            : false
        }
        renderItem={(f) => (
          <List.Item key={f.followId} data-testid="follow-item">
            <List.Item.Meta
              avatar={f.createUser ? <UserAvatar name={f.createUser.realname} img={f.createUser.img} /> : undefined}
              title={
                <span className="crm-follow__item-head">
                  <strong>{f.createUser?.realname ?? '—'}</strong>
                  <span>{showTime(f.createTime)}</span>
                  <Tag>{f.category}</Tag>
                </span>
              }
              description={
                <>
                  <div className="crm-follow__content">{f.content}</div>
                  {f.nextTime && (
                    <div className="crm-muted">
                      {t('nextTimeShort')}: {showTime(f.nextTime)}
                    </div>
                  )}
                  {f.batchId && <FileUploadList batchId={f.batchId} readOnly />}
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
