import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './Editor';
import { useEditorMessages } from './messages';

export { clearDraft as clearRichTextDraft } from './draft';
export { RichTextView } from './RichTextView';
export { useSaveRichDoc } from './use-save-doc';
export type { RichTextEditorProps };

// TipTap and ProseMirror load with the first editor opened, never with the first page.
const LazyEditor = lazy(() => import('./Editor'));

function Loading() {
  const t = useEditorMessages();
  return <div className="rt-editor rt-editor--loading">{t('loading')}</div>;
}

/** The shared rich-text editor (notices, work logs, any form's rich-text field); a form control. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
