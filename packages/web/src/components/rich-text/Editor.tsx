import {
  BoldOutlined,
  DisconnectOutlined,
  FileAddOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  SnippetsOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { EDITOR } from '@crm/shared';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Dropdown, Select, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLang } from '@/i18n';
import { useEditorConfig } from './config';
import { clearDraft, readDraft, writeDraft } from './draft';
import { LinkDialog, type LinkValue } from './LinkDialog';
import { useEditorMessages } from './messages';
import { wordStatus } from './rules';
import { TablePicker } from './TablePicker';
import { editorTemplates } from './templates';
import { UploadDialog, type UploadKind } from './UploadDialog';
import { Video } from './video';
import './rich-text.css';

export type RichTextEditorProps = {
  value?: string;
  onChange?: (html: string) => void;
  /** The form's attachment batch: images, videos and files inserted here join it. */
  batchId: string;
  /** Where the local draft is kept (one key per form); none: no draft. */
  draftKey?: string;
  placeholder?: string;
  /** The word limit (default 10,000): past it the warning shows; the server refuses to save. */
  wordLimit?: number;
  minHeight?: number;
  testId?: string;
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The rich-text editor (crm-records 2): TipTap with the spec's toolbar, dialogs and limits. */
export default function RichTextEditor({
  value = '',
  onChange,
  batchId,
  draftKey,
  placeholder,
  wordLimit = EDITOR.wordLimit,
  minHeight = 220,
  testId = 'rich-text',
}: RichTextEditorProps) {
  const t = useEditorMessages();
  const { lang } = useLang();
  const { modal } = App.useApp();
  const config = useEditorConfig();
  const [fullscreen, setFullscreen] = useState(false);
  const [linkOpen, setLinkOpen] = useState<LinkValue | null>(null);
  const [uploading, setUploading] = useState<UploadKind | null>(null);
  const [words, setWords] = useState(() => wordStatus(value, wordLimit));
  const [draft, setDraft] = useState(() => {
    const saved = draftKey ? readDraft(draftKey) : null;
    return saved && saved !== value ? saved : null;
  });
  const [draftNote, setDraftNote] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const timers = useRef<{ draft?: number; note?: number; count?: number }>({});

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: { depth: EDITOR.undoDepth },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'http' },
      }),
      Image,
      Video,
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => {
      // An empty document is one empty paragraph; a table or an image alone is content.
      const raw = e.getHTML();
      const html = raw === '<p></p>' ? '' : raw;
      onChangeRef.current?.(html);
      // The count refreshes 200 ms after typing stops; the draft is written 500 ms after.
      window.clearTimeout(timers.current.count);
      timers.current.count = window.setTimeout(() => setWords(wordStatus(html, wordLimit)), EDITOR.wordCountRefreshMs);
      if (draftKey) {
        window.clearTimeout(timers.current.draft);
        timers.current.draft = window.setTimeout(() => {
          writeDraft(draftKey, html);
          setDraftNote(true);
          window.clearTimeout(timers.current.note);
          timers.current.note = window.setTimeout(() => setDraftNote(false), EDITOR.autosaveMessageMs);
        }, EDITOR.draftAutosaveMs);
      }
    },
  });

  useEffect(
    () => () => {
      for (const id of Object.values(timers.current)) window.clearTimeout(id);
    },
    [],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      table: e?.isActive('table') ?? false,
      heading: ([1, 2, 3] as const).find((level) => e?.isActive('heading', { level })) ?? 0,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  if (!editor || !state) return <div className="rt-editor rt-editor--loading">{t('loading')}</div>;
  const chain = () => editor.chain().focus();

  const setContent = (html: string) => {
    editor.commands.setContent(html, { emitUpdate: true });
  };

  const openLink = () => {
    const { from, to } = editor.state.selection;
    const attrs = editor.getAttributes('link') as { href?: string; target?: string };
    setLinkOpen({
      href: attrs.href ?? '',
      text: editor.state.doc.textBetween(from, to, ' '),
      newTab: attrs.target === '_blank',
    });
  };
  const insertLink = (link: LinkValue) => {
    setLinkOpen(null);
    const target = link.newTab ? '_blank' : null;
    if (editor.state.selection.empty) {
      chain()
        .insertContent(
          `<a href="${escapeHtml(link.href)}"${target ? ' target="_blank"' : ''}>${escapeHtml(link.text)}</a> `,
        )
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href: link.href, target }).run();
    }
  };

  const inserted = (kind: UploadKind, files: { url: string; name: string }[]) => {
    setUploading(null);
    if (kind === 'image') for (const f of files) chain().setImage({ src: f.url, alt: f.name }).run();
    else if (kind === 'video') for (const f of files) chain().setVideo({ src: f.url }).run();
    else {
      const links = files
        .map(
          (f) => `<a href="${escapeHtml(f.url.replace('/file/view/', '/file/download/'))}">${escapeHtml(f.name)}</a>`,
        )
        .join('<br>');
      chain().insertContent(`<p>${links}</p>`).run();
    }
  };

  const applyTemplate = (key: string) => {
    const tpl = editorTemplates.find((x) => x.key === key);
    if (!tpl) return;
    if (editor.getHTML() === '<p></p>') {
      setContent(tpl.html[lang]);
      return;
    }
    modal.confirm({ title: t('templateTitle'), content: t('templateReplace'), onOk: () => setContent(tpl.html[lang]) });
  };

  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void, active = false, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        data-testid={`rt-${key}`}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <div className={`rt-editor${fullscreen ? ' rt-editor--fullscreen' : ''}`} data-testid={testId}>
      <div className="rt-toolbar" role="toolbar">
        {tool('undo', t('undo'), <UndoOutlined />, () => chain().undo().run(), false, !state.canUndo)}
        {tool('redo', t('redo'), <RedoOutlined />, () => chain().redo().run(), false, !state.canRedo)}
        <span className="rt-toolbar__sep" />
        <Select
          size="small"
          style={{ width: 96 }}
          popupMatchSelectWidth={false}
          aria-label={t('heading')}
          value={state.heading}
          onChange={(level: number) =>
            level
              ? chain()
                  .setHeading({ level: level as 1 | 2 | 3 })
                  .run()
              : chain().setParagraph().run()
          }
          options={[
            { value: 0, label: t('paragraph') },
            { value: 1, label: t('h1') },
            { value: 2, label: t('h2') },
            { value: 3, label: t('h3') },
          ]}
        />
        {tool('bold', t('bold'), <BoldOutlined />, () => chain().toggleBold().run(), state.bold)}
        {tool('italic', t('italic'), <ItalicOutlined />, () => chain().toggleItalic().run(), state.italic)}
        {tool(
          'underline',
          t('underline'),
          <UnderlineOutlined />,
          () => chain().toggleUnderline().run(),
          state.underline,
        )}
        {tool('strike', t('strike'), <StrikethroughOutlined />, () => chain().toggleStrike().run(), state.strike)}
        <span className="rt-toolbar__sep" />
        {tool(
          'bullet',
          t('bulletList'),
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          state.bullet,
        )}
        {tool(
          'ordered',
          t('orderedList'),
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          state.ordered,
        )}
        {tool('hr', t('hr'), <MinusOutlined />, () => chain().setHorizontalRule().run())}
        <span className="rt-toolbar__sep" />
        {tool('link', t('link'), <LinkOutlined />, openLink, state.link)}
        {state.link && tool('unlink', t('unlink'), <DisconnectOutlined />, () => chain().unsetLink().run())}
        {tool('image', t('image'), <PictureOutlined />, () => setUploading('image'), false, !config.data)}
        {tool('video', t('video'), <VideoCameraOutlined />, () => setUploading('video'), false, !config.data)}
        <TablePicker t={t} onPick={({ rows, cols }) => chain().insertTable({ rows, cols, withHeaderRow: false }).run()}>
          <span>{tool('table', t('table'), <TableOutlined />, () => {}, state.table)}</span>
        </TablePicker>
        {state.table && (
          <Dropdown
            menu={{
              items: [
                { key: 'row', label: t('tableAddRow'), onClick: () => chain().addRowAfter().run() },
                { key: 'col', label: t('tableAddCol'), onClick: () => chain().addColumnAfter().run() },
                { key: 'delRow', label: t('tableDeleteRow'), onClick: () => chain().deleteRow().run() },
                { key: 'delCol', label: t('tableDeleteCol'), onClick: () => chain().deleteColumn().run() },
                { key: 'del', label: t('tableDelete'), danger: true, onClick: () => chain().deleteTable().run() },
              ],
            }}
          >
            <Button size="small" type="text" data-testid="rt-table-menu">
              {t('table')} ▾
            </Button>
          </Dropdown>
        )}
        {tool(
          'attachment',
          t('attachment'),
          <FileAddOutlined />,
          () => setUploading('attachment'),
          false,
          !config.data,
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: editorTemplates.map((x) => ({ key: x.key, label: x.title[lang] })),
            onClick: ({ key }) => applyTemplate(key),
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<SnippetsOutlined />}
            aria-label={t('template')}
            data-testid="rt-template"
          >
            {t('template')}
          </Button>
        </Dropdown>
        <span className="rt-toolbar__grow" />
        {tool(
          'fullscreen',
          fullscreen ? t('exitFullscreen') : t('fullscreen'),
          fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
          () => setFullscreen(!fullscreen),
          fullscreen,
        )}
      </div>
      {draft !== null && (
        <div className="rt-draft" data-testid="rt-draft">
          <span>{t('draftFound')}</span>
          <Button
            size="small"
            type="link"
            onClick={() => {
              setContent(draft);
              setDraft(null);
            }}
          >
            {t('draftRestore')}
          </Button>
          <Button
            size="small"
            type="link"
            onClick={() => {
              if (draftKey) clearDraft(draftKey);
              setDraft(null);
            }}
          >
            {t('draftDiscard')}
          </Button>
        </div>
      )}
      <EditorContent editor={editor} className="rt-content" style={{ minHeight }} />
      <div className="rt-status">
        {draftNote && <span className="rt-status__draft">{t('draftSaved')}</span>}
        <span className="rt-status__grow" />
        {words.over && (
          <span className="rt-status__warn" data-testid="rt-word-warning">
            {t('wordOverflow')}
          </span>
        )}
        <span className={words.over ? 'rt-status__warn' : undefined} data-testid="rt-word-count">
          {t('words', { count: words.count, limit: words.limit })}
        </span>
      </div>
      {linkOpen && <LinkDialog t={t} open initial={linkOpen} onOk={insertLink} onCancel={() => setLinkOpen(null)} />}
      {uploading && config.data && (
        <UploadDialog
          t={t}
          kind={uploading}
          config={config.data}
          batchId={batchId}
          onInsert={(files) => inserted(uploading, files)}
          onCancel={() => setUploading(null)}
        />
      )}
    </div>
  );
}
