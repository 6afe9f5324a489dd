import { App } from 'antd';
import { useState } from 'react';

type Texts = { saved: string; deleted: string; ok: string; cancel: string };

/**
 * A settings list edited in one dialog (stage groups, product categories): what the dialog edits
 * (null while closed), a save that runs once at a time and then says so, closes and reloads, a
 * delete after a confirm, and the props the dialog's Modal takes. A refusal was shown by the
 * request layer; the dialog stays open for another try.
 */
export function useEditDialog<E>(texts: Texts, reload: () => void) {
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<E | null>(null);
  const [saving, setSaving] = useState(false);

  /** `write` checks the form and sends; it answers false when a check failed and said why. */
  const save = async (write: (editing: E) => Promise<unknown>) => {
    if (editing === null || saving) return;
    setSaving(true);
    try {
      if ((await write(editing)) === false) return;
      message.success(texts.saved);
      setEditing(null);
      reload();
    } catch {
      // a field the form marked, or the server's message the request layer showed
    } finally {
      setSaving(false);
    }
  };

  const confirmRemove = (title: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove();
          message.success(texts.deleted);
          reload();
        } catch {
          // the server's refusal was shown
        }
      },
    });

  return {
    editing,
    open: setEditing,
    save,
    confirmRemove,
    modalProps: {
      open: editing !== null,
      okText: texts.ok,
      cancelText: texts.cancel,
      confirmLoading: saving,
      onCancel: () => setEditing(null),
      destroyOnHidden: true,
    },
  };
}
