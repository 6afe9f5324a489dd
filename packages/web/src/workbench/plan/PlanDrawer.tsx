import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { UserAvatar } from '@/components/member-picker';
import { RichTextView } from '@/components/rich-text';
import { FileUploadList } from '@/components/upload';
import { showTime } from '@/shell/time';
import { planApi, planKeys } from './api';
import { usePlanMessages } from './messages';

/** A planning document: its body, author, who it is shared with and its files; edit and delete for its author. */
export function PlanDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = usePlanMessages();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: () => planApi.detail(id!),
    enabled: id !== null,
  });
  const plan = detail.data;

  const remove = () =>
    modal.confirm({
      title: t('delete'),
      content: t('deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await planApi.remove(id!);
        message.success(t('deleted'));
        void queryClient.invalidateQueries({ queryKey: planKeys.all });
        onClose();
      },
    });

  return (
    <Drawer
      open={id !== null}
      width={820}
      onClose={onClose}
      destroyOnHidden
      title={plan?.title ?? t('title')}
      extra={
        plan && (
          <Space>
            {plan.permitted.update && (
              <Button onClick={() => navigate(`/workbench/rich-text?planId=${plan.planId}`)} data-testid="plan-edit">
                {t('edit')}
              </Button>
            )}
            {plan.permitted.delete && (
              <Button danger onClick={remove} data-testid="plan-delete">
                {t('delete')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isError && <Empty description={t('notFound')} />}
      {!plan && !detail.isError && <Spin />}
      {plan && (
        <div className="plan-detail" data-testid="plan-detail">
          <div className="plan-muted">
            <UserAvatar name={plan.creator.realname} img={plan.creator.img} size={20} /> {plan.creator.realname} ·{' '}
            {t('updated', { time: showTime(plan.updateTime) })}
          </div>
          <h4>{t('content')}</h4>
          <RichTextView html={plan.content} testId="plan-content-view" />
          <h4>{t('attachments')}</h4>
          <FileUploadList batchId={plan.batchId} readOnly />
          {plan.sharedUsers.length > 0 && (
            <>
              <h4>{t('sharedUsers')}</h4>
              <Space wrap>
                {plan.sharedUsers.map((u) => (
                  <span key={u.userId}>
                    <UserAvatar name={u.realname} img={u.img} size={20} /> {u.realname}
                  </span>
                ))}
              </Space>
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}
