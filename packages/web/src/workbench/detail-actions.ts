import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';

/**
 * A detail the server marks read when it is opened (a notice, a log): once it has loaded, refresh
 * the to-do counts (the unread badge) and the list's unread marks.
 */
export function useReadOnOpen(loaded: boolean, listKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(listKey);
  useEffect(() => {
    if (!loaded) return;
    void queryClient.invalidateQueries({ queryKey: ['todo'] });
    void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
  }, [loaded, key, queryClient]);
}

type DeleteOptions = {
  title: string;
  content?: string;
  /** Said once it is gone. */
  deleted: string;
  remove: () => Promise<unknown>;
  /** The queries to refresh (with the to-do counts). */
  refresh: QueryKey;
  onDone: () => void;
};

/** Delete after a confirm: then say so, refresh the feature's queries and the to-do counts, and close. */
export function useConfirmDelete(): (o: DeleteOptions) => void {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  return (o) =>
    modal.confirm({
      title: o.title,
      content: o.content,
      okButtonProps: { danger: true },
      onOk: async () => {
        await o.remove();
        message.success(o.deleted);
        void queryClient.invalidateQueries({ queryKey: o.refresh });
        void queryClient.invalidateQueries({ queryKey: ['todo'] });
        o.onDone();
      },
    });
}
