import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { clearDraft } from './draft';

type SaveDocOptions<A> = {
  /** Checks the form with the shared schema; falsy when a field shows an error. */
  validate: () => Promise<unknown>;
  save: () => Promise<A>;
  /** The local draft of the body, dropped once saved. */
  draftKey: string;
  savedMessage: string;
  refresh: QueryKey[];
  /** The form's upload session: its files are now the document's. */
  uploads?: { saved(): unknown };
  onSaved: (answer: A) => void;
};

/**
 * Saving a rich-text document's form (notice, work log, planning document), one way: check, save
 * once at a time, keep the uploads, drop the draft, say so, refresh, go on. On failure the request
 * layer has shown the server's message and the form stays as typed.
 */
export function useSaveRichDoc<A>(o: SaveDocOptions<A>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving || !(await o.validate())) return;
    setSaving(true);
    try {
      const answer = await o.save();
      void o.uploads?.saved();
      clearDraft(o.draftKey);
      message.success(o.savedMessage);
      for (const queryKey of o.refresh) void queryClient.invalidateQueries({ queryKey });
      o.onSaved(answer);
    } catch {
      setSaving(false);
    }
  };
  return { saving, submit };
}
