import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { type CheckResult, checkApi, checkKeys } from './api';
import { ItemCard } from './ItemCard';
import { useCheckMessages } from './messages';
import { PlanForm } from './PlanForm';
import { SubmitDialog } from './SubmitDialog';
import { StatusTag } from './status';

/** The items in their sections, in the template's order. */
const bySection = (results: CheckResult[]) => {
  const sections: { name: string; items: CheckResult[] }[] = [];
  for (const r of results) {
    const last = sections.at(-1);
    if (last?.name === r.section) last.items.push(r);
    else sections.push({ name: r.section, items: [r] });
  }
  return sections;
};

/** One inspection: its facts, the items as recorded, and what the viewer may do with it now. */
export function PlanDrawer({ planId, onClose }: { planId: number; onClose: () => void }) {
  const t = useCheckMessages();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: checkKeys.plan(planId), queryFn: () => checkApi.plan(planId) });
  const [editing, setEditing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      message.success(done);
      await queryClient.invalidateQueries({ queryKey: checkKeys.all });
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const inspecting = data?.status === 2 && data.permitted.inspect;
  return (
    <Drawer
      open
      title={t('detail')}
      width={720}
      onClose={onClose}
      extra={
        data && (
          <Space>
            {data.permitted.edit && <Button onClick={() => setEditing(true)}>{t('editPlan')}</Button>}
            {data.permitted.cancel && (
              <Button
                danger
                disabled={busy}
                onClick={() =>
                  modal.confirm({
                    title: t('cancelConfirm'),
                    onOk: () => act(() => checkApi.cancelPlan(planId), t('cancelled')),
                  })
                }
              >
                {t('cancelPlan')}
              </Button>
            )}
            {data.status === 1 && data.permitted.inspect && (
              <Button type="primary" loading={busy} onClick={() => act(() => checkApi.start(planId), t('started'))}>
                {t('start')}
              </Button>
            )}
            {inspecting && (
              <Button type="primary" onClick={() => setSubmitting(true)}>
                {t('submit')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {data && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('target')}>
              {data.targetName}（{data.targetType === 1 ? t('shop') : t('dept')}）
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag status={data.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('template')}>{data.templateName}</Descriptions.Item>
            <Descriptions.Item label={t('inspector')}>{data.inspectorName}</Descriptions.Item>
            <Descriptions.Item label={t('plannedDate')}>{data.plannedDate}</Descriptions.Item>
            <Descriptions.Item label={t('score')}>
              {data.totalScore === null ? '—' : t('total', { score: data.totalScore, max: data.maxScore })}
            </Descriptions.Item>
            {data.remark && (
              <Descriptions.Item label={t('remark')} span={2}>
                {data.remark}
              </Descriptions.Item>
            )}
            {data.summary && (
              <Descriptions.Item label={t('summaryNote')} span={2}>
                {data.summary}
              </Descriptions.Item>
            )}
          </Descriptions>
          {bySection(data.results).map((s) => (
            <section key={s.name}>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                {s.name}
              </Typography.Title>
              {s.items.map((r) => (
                <ItemCard key={r.resultId} planId={planId} result={r} editable={inspecting} />
              ))}
            </section>
          ))}
        </>
      )}
      {editing && data && <PlanForm plan={data} onClose={() => setEditing(false)} />}
      {submitting && data && <SubmitDialog plan={data} onClose={() => setSubmitting(false)} />}
    </Drawer>
  );
}
