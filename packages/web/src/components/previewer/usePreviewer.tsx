import { type ReactElement, useCallback, useState } from 'react';
import { FilePreviewer, type PreviewFile } from './FilePreviewer';

export type OpenPreview = (files: PreviewFile[], index?: number) => void;

/**
 * `const [openPreview, previewer] = usePreviewer()`: render `previewer` once, then call
 * `openPreview(files, index)` from any handler (like antd's message.useMessage).
 */
export function usePreviewer(): [OpenPreview, ReactElement] {
  const [state, setState] = useState<{ files: PreviewFile[]; index: number; open: boolean }>({
    files: [],
    index: 0,
    open: false,
  });
  const openPreview = useCallback<OpenPreview>((files, index = 0) => setState({ files, index, open: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return [
    openPreview,
    <FilePreviewer key="previewer" files={state.files} index={state.index} open={state.open} onClose={close} />,
  ];
}
