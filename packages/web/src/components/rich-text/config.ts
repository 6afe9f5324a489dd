import type { EditorConfig } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shell/call';

/** The editor's limits and upload types from the server (`file/ueditorConfig`), asked once per session. */
export function useEditorConfig() {
  return useQuery({
    queryKey: ['editor-config'],
    queryFn: (): Promise<EditorConfig> => call('/file/ueditorConfig', undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
