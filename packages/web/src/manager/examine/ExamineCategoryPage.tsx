import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { type DesignedCategory, FieldDesigner } from '@/components/field-designer';
import { LeaveAllowanceDialog } from './LeaveAllowanceDialog';
import '../manager.css';
import { examineKeys } from '@/workbench/examine/api';
import { type AdminCategory, categoryApi, categoryKeys } from './api';
import { CategoryDrawer, type CategoryEditing } from './CategoryDrawer';
import { CategoryTable } from './CategoryTable';
import './examine-admin.css';
import { useCategoryMessages } from './messages';

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** 审批管理: the approval categories, their flows, fields, visibility, order and status. */
export default function ExamineCategoryPage() {
  const t = useCategoryMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CategoryEditing>(null);
  const [designing, setDesigning] = useState<DesignedCategory | null>(null);
  const [allowanceOpen, setAllowanceOpen] = useState(false);

  const list = useQuery({
    queryKey: categoryKeys.list(search),
    queryFn: () => categoryApi.list(search),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: examineKeys.all });

  const sort = useMutation({
    mutationFn: (ordered: AdminCategory[]) => categoryApi.sort(ordered.map((c) => c.categoryId)),
    onMutate: (ordered) => {
      // Move the rows at once; the server's order follows.
      queryClient.setQueryData(categoryKeys.list(search), (old: typeof list.data) =>
        old ? { ...old, list: ordered } : old,
      );
    },
    onSettled: () => void refresh(),
  });
  const toggle = useMutation({
    mutationFn: ({ c, on }: { c: AdminCategory; on: boolean }) => categoryApi.setStatus(c.categoryId, on ? 1 : 0),
    onSuccess: () => {
      message.success(t('opSuccess'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (c: AdminCategory) => categoryApi.remove(c.categoryId),
    onSuccess: () => {
      message.success(t('deleted'));
      void refresh();
    },
  });

  const openFields = async (categoryId: number) => {
    try {
      const c = await categoryApi.byId(categoryId);
      setDesigning({ categoryId: c.categoryId, title: c.title, isSystem: c.isSystem, fields: c.fields });
    } catch {
      // the request layer showed the server's message
    }
  };

  return (
    <Card title={t('title')}>
      <div className="manager-toolbar">
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 260 }}
          onSearch={(v) => setSearch(v.trim())}
        />
        <Typography.Text type="secondary">{t('total', { n: list.data?.totalRow ?? 0 })}</Typography.Text>
        <span className="grow" />
        <Button onClick={() => setAllowanceOpen(true)}>{t('leaveAllowance')}</Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
          {t('add')}
        </Button>
      </div>
      <CategoryTable
        rows={rows}
        loading={list.isFetching && !sort.isPending}
        sortable={!search && !sort.isPending}
        onMove={(from, to) => sort.mutate(move(rows, from, to))}
        onToggle={(c, on) => toggle.mutate({ c, on })}
        onEdit={(c) => setEditing({ mode: 'edit', category: c })}
        onFields={(c) =>
          setDesigning({ categoryId: c.categoryId, title: c.title, isSystem: c.isSystem, fields: c.fields })
        }
        onDelete={(c) =>
          modal.confirm({
            title: t('delete'),
            content: t('deleteConfirm', { name: c.title }),
            okButtonProps: { danger: true },
            onOk: () => remove.mutateAsync(c).catch(() => {}),
          })
        }
      />
      <CategoryDrawer
        editing={editing}
        classNames={[...new Set(rows.map((r) => r.className).filter(Boolean))]}
        onClose={() => setEditing(null)}
        onSaved={(categoryId, editFields) => {
          setEditing(null);
          if (editFields) void openFields(categoryId);
        }}
      />
      <LeaveAllowanceDialog open={allowanceOpen} onClose={() => setAllowanceOpen(false)} />
      <FieldDesigner category={designing} onClose={() => setDesigning(null)} onSaved={() => void refresh()} />
    </Card>
  );
}
