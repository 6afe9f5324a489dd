import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { fileKeys, removeFile } from './api';

/**
 * The attachments of one open form. Uploads land staged on the server (only their uploader sees
 * them) and join the record when the form is saved; removing a file the record already has only
 * hides it here and is sent with the save (`removedFileIds`). Cancel discards the staged uploads,
 * so a cancelled edit leaves the record exactly as it was.
 */
export type UploadSession = {
  /** Saved files the editor removed: the save sends them. */
  removed: number[];
  staged(fileId: number): void;
  remove(fileId: number): void;
  /** A staged upload deleted right away (it was never part of the record). */
  forget(fileId: number): void;
  /** The form was cancelled: delete its staged uploads, forget its removals. */
  discard(): Promise<void>;
  /** The form was saved: the server attached and removed what it said; lists reload. */
  saved(): Promise<void>;
};

const SessionContext = createContext<UploadSession | null>(null);

export const useCurrentUploadSession = () => useContext(SessionContext);

export function UploadSessionProvider({ session, children }: { session: UploadSession; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useUploadSession(): UploadSession {
  const queryClient = useQueryClient();
  const [removed, setRemoved] = useState<number[]>([]);
  const staged = useRef(new Set<number>());
  return useMemo(() => {
    const reload = () => queryClient.invalidateQueries({ queryKey: fileKeys.all });
    return {
      removed,
      staged: (fileId) => {
        staged.current.add(fileId);
      },
      remove: (fileId) => setRemoved((old) => (old.includes(fileId) ? old : [...old, fileId])),
      forget: (fileId) => {
        staged.current.delete(fileId);
      },
      async discard() {
        const ids = [...staged.current];
        staged.current.clear();
        setRemoved([]);
        // Best effort: anything left staged is invisible to others and swept by the server later.
        await Promise.all(ids.map((id) => removeFile(id, { silent: true }).catch(() => {})));
        await reload();
      },
      async saved() {
        staged.current.clear();
        setRemoved([]);
        await reload();
      },
    };
  }, [removed, queryClient]);
}
