import { checkText } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Image, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { FileUploadList, UploadSessionProvider, useUploadSession } from '@/components/upload';
import { showTime } from '@/shell/time';
import { type CheckResult, checkApi, checkKeys } from './api';
import { useCheckMessages } from './messages';

const taskColor: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default' };

/** One checklist item: recorded by the inspector while the inspection runs, read by everyone else. */
export function ItemCard({ planId, result, editable }: { planId: number; result: CheckResult; editable: boolean }) {
  const t = useCheckMessages();
  const head = (
    <Space wrap>
      <span>{result.title}</span>
      <Typography.Text type="secondary">{t('maxScore', { n: result.maxScore })}</Typography.Text>
      {result.photoRequired && <Tag color="purple">{t('photoRequired')}</Tag>}
    </Space>
  );
  return (
    <Card size="small" title={head} style={{ marginBottom: 12 }} data-testid={`check-item-${result.resultId}`}>
      {editable ? <ItemRecord planId={planId} result={result} /> : <ItemView result={result} />}
    </Card>
  );
}

function ItemView({ result }: { result: CheckResult }) {
  const t = useCheckMessages();
  const taskNames: Record<number, string> = { 1: t('taskOpen'), 2: t('taskDone'), 3: t('taskArchived') };
  if (result.passed === null) return <Typography.Text type="secondary">{t('notRecorded')}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Tag color={result.passed ? 'green' : 'red'}>{result.passed ? t('passed') : t('failed')}</Tag>
        <span>
          {t('score')} {result.score} / {result.maxScore}
        </span>
      </Space>
      {result.note && <Typography.Paragraph style={{ marginBottom: 0 }}>{result.note}</Typography.Paragraph>}
      {result.photos.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {result.photos.map((f) => (
              <Image key={f.fileId} src={f.url} alt={f.name} width={80} height={80} style={{ objectFit: 'cover' }} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {result.task && (
        <Typography.Text>
          {t('task')}：{result.task.ownerName} ·{' '}
          <Tag color={taskColor[result.task.status]}>{taskNames[result.task.status]}</Tag>
          {result.task.dueTime && t('due', { time: showTime(result.task.dueTime, 'YYYY-MM-DD') })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The inspector's form for one item; its photos go into the item's own batch. */
function ItemRecord({ planId, result }: { planId: number; result: CheckResult }) {
  const t = useCheckMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const uploads = useUploadSession();
  const [batchId] = useState(() => result.batchId || newBatchId());
  const [score, setScore] = useState<number | null>(result.score);
  const [passed, setPassed] = useState<boolean | null>(result.passed);
  const [note, setNote] = useState(result.note);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await checkApi.record({
        planId,
        resultId: result.resultId,
        score: score ?? -1,
        passed: passed ?? ('' as unknown as boolean),
        note,
        batchId,
        removedFileIds: uploads.removed,
      });
      await uploads.saved();
      message.success(t('recorded'));
      await queryClient.invalidateQueries({ queryKey: checkKeys.plan(planId) });
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Radio.Group
          aria-label={t('result')}
          value={passed}
          onChange={(e) => setPassed(e.target.value)}
          options={[
            { value: true, label: t('passed') },
            { value: false, label: t('failed') },
          ]}
        />
        <InputNumber
          aria-label={t('score')}
          min={0}
          max={result.maxScore}
          precision={0}
          placeholder={t('score')}
          value={score}
          onChange={(v) => setScore(v)}
        />
      </Space>
      <Input.TextArea
        aria-label={t('note')}
        rows={2}
        placeholder={t('note')}
        maxLength={checkText.note.max}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <UploadSessionProvider session={uploads}>
        <FileUploadList batchId={batchId} type="img" />
      </UploadSessionProvider>
      <Button onClick={save} loading={saving}>
        {t('recordItem')}
      </Button>
    </Space>
  );
}
