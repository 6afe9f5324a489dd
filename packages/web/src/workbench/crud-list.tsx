import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { SubmitModal } from '@/components/form/SubmitModal';

/**
 * The scaffolding the workbench's admin lists share (declaration tasks, quizzes, question banks
 * and their questions; paging is usePagedList's): what is being edited, the list read again after
 * a save or a delete, the toolbar's search and 新建, and the confirmed delete link.
 */

/**
 * What is being edited: 'new', a row (or its detail), or nothing. The form is mounted per opening
 * (each new record gets its own form and batch) and calls `done` when it closes.
 */
export function useEditing<E>(invalidate: QueryKey) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<E | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invalidate });
  return {
    editing,
    setEditing,
    refresh,
    /** The form closed: read the list again when it saved. */
    done: (saved: boolean) => {
      setEditing(null);
      if (saved) void refresh();
    },
  };
}

/** The list's search box and, for those who create, its 新建 button. */
export function CrudToolbar({
  className,
  placeholder,
  searchWidth,
  onSearch,
  create,
}: {
  className: string;
  placeholder: string;
  searchWidth?: number;
  onSearch: (text: string) => void;
  create?: { label: string; testId: string; onClick: () => void };
}) {
  return (
    <div className={className}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        style={searchWidth === undefined ? undefined : { width: searchWidth, maxWidth: '100%' }}
        onSearch={onSearch}
      />
      {create && (
        <Button type="primary" onClick={create.onClick} data-testid={create.testId}>
          {create.label}
        </Button>
      )}
    </div>
  );
}

/** A row's 删除: asks `confirm` first, then deletes, says `done` and reads the list again. */
export function DeleteLink({
  confirm,
  label,
  done,
  onDelete,
  onDeleted,
}: {
  confirm: string;
  label: string;
  done: string;
  onDelete: () => Promise<unknown>;
  onDeleted: () => Promise<unknown>;
}) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={confirm}
      onConfirm={async () => {
        await onDelete();
        message.success(done);
        await onDeleted();
      }}
    >
      <Button type="link" size="small" danger>
        {label}
      </Button>
    </Popconfirm>
  );
}

/**
 * The dialog of an admin list's form (新建 / 编辑): 保存 runs `onSave` (false: the form refused and
 * said why), says `texts.saved` and closes with onDone(true); 取消 closes with onDone(false). OK
 * spins while the save runs; a refused save (the request layer said why) leaves it open.
 */
export function FormDialog({
  title,
  texts,
  width,
  onSave,
  onDone,
  children,
}: {
  title: string;
  /** The page's words for 保存, 取消 and 保存成功. */
  texts: { save: string; cancel: string; saved: string };
  width?: number;
  onSave: () => Promise<boolean>;
  onDone: (saved: boolean) => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  return (
    <SubmitModal
      open
      title={title}
      okText={texts.save}
      cancelText={texts.cancel}
      width={width}
      onCancel={() => onDone(false)}
      onSubmit={async () => {
        if (!(await onSave())) return;
        message.success(texts.saved);
        onDone(true);
      }}
    >
      {children}
    </SubmitModal>
  );
}
