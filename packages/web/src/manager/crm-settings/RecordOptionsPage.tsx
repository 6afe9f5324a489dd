import { PlusOutlined } from '@ant-design/icons';
import { recordOptionsSchema } from '@crm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '@/shell/call';
import { useCommonMessages } from '../messages';
import { useCrmSettingMessages } from './messages';

const KEY = ['crm', 'recordOptions'];

/**
 * Manager › 客户管理设置 › 跟进记录类型 (manage:crm:setting; CrmRecord/*): the follow-up methods,
 * added, removed and saved as one list; the shared schema checks it before the server does.
 */
export default function RecordOptionsPage() {
  const t = useCrmSettingMessages();
  const c = useCommonMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: KEY, queryFn: () => call('/CrmRecord/queryRecordOptions') });
  const [options, setOptions] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  useEffect(() => {
    if (saved.data && options === null) setOptions(saved.data);
  }, [saved.data, options]);
  const list = options ?? [];

  const save = useMutation({
    mutationFn: (value: string[]) => call('/CrmRecord/setRecordOptions', { value }, { json: true }),
    onSuccess: () => {
      message.success(c('saveSuccess'));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const add = () => {
    const next = [...list, draft.trim()];
    const checked = recordOptionsSchema.safeParse({ value: next });
    if (!checked.success) {
      message.error(checked.error.issues[0]?.message ?? '');
      return;
    }
    setOptions(next);
    setDraft('');
  };

  return (
    <Card title={t('recordTitle')} loading={saved.isLoading} data-testid="record-options">
      <Typography.Paragraph type="secondary">{t('recordHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        {list.map((o) => (
          <Tag key={o} closable onClose={() => setOptions(list.filter((x) => x !== o))}>
            {o}
          </Tag>
        ))}
      </Space>
      <Space.Compact style={{ width: 360, display: 'flex', marginBottom: 16 }}>
        <Input
          value={draft}
          maxLength={30}
          placeholder={t('newOption')}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={add}
          data-testid="record-option-input"
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={!draft.trim()}>
          {t('addOption')}
        </Button>
      </Space.Compact>
      <Button
        type="primary"
        loading={save.isPending}
        onClick={() => save.mutate(list)}
        data-testid="record-options-save"
      >
        {c('save')}
      </Button>
    </Card>
  );
}
