import { z } from 'zod';

/**
 * The rich-text editor's limits (crm-records 2 and 9). The server answers them from
 * `file/ueditorConfig`, and checks the stored HTML against the same numbers.
 */
export const EDITOR = {
  wordLimit: 10_000,
  /** A local draft is written this long after the last change. */
  draftAutosaveMs: 500,
  /** How long the "draft saved" note stays. */
  autosaveMessageMs: 2000,
  undoDepth: 20,
  wordCountRefreshMs: 200,
  tableMaxCols: 20,
  tableMaxRows: 100,
  tableDefault: { cols: 5, rows: 5 },
  /** The size picker grid, expandable to the maximum of 20 × 20. */
  tablePickerGrid: 10,
  tablePickerGridMax: 20,
  attachmentMaxFiles: 100,
  video: { width: 420, height: 280 },
  fontSizes: [14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50],
  lineHeights: [1, 1.5, 1.75, 2, 3, 4, 5],
  /** The stored HTML, tags and all (a bound on what a request may carry). */
  htmlMaxChars: 200_000,
} as const;

/** The editor messages (the word-limit one is crm-records 5's warning). */
export const EditorMsg = {
  wordOverflow: '字数超出最大允许值，服务器可能拒绝保存！',
  wordOverflowEn: 'word count exceeds maximum, server may refuse to save',
  tooLong: `内容不能超过${EDITOR.wordLimit}个字`,
  htmlTooLarge: '内容过大，请删减后再保存',
} as const;

/** The words of an HTML text as the editor counts them: its characters without tags and spaces between them. */
export function richTextLength(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return text.replace(/\s+/g, ' ').trim().length;
}

/** Whether an HTML text has something to show: words, or an image or video of its own. */
export const hasRichContent = (html: string): boolean => richTextLength(html) > 0 || /<(img|video)\s/i.test(html);

/**
 * A rich-text field of a form: HTML within the word limit. The server sanitises it
 * (core/html/sanitize.ts) before storing it; this only bounds its size.
 */
export const richTextField = (requiredMsg?: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: EditorMsg.htmlTooLarge })
      .max(EDITOR.htmlMaxChars, { error: EditorMsg.htmlTooLarge })
      // PostgreSQL cannot store NUL; nothing the editor writes holds one.
      .transform((html) => html.replaceAll('\0', ''))
      .refine((html) => richTextLength(html) <= EDITOR.wordLimit, { error: EditorMsg.tooLong })
      .refine((html) => !requiredMsg || hasRichContent(html), {
        error: requiredMsg ?? '',
      }),
  );

/** The editor configuration `file/ueditorConfig` answers. */
export const editorConfigResponse = z.object({
  wordLimit: z.number().int(),
  draftAutosaveMs: z.number().int(),
  undoDepth: z.number().int(),
  tableMaxCols: z.number().int(),
  tableMaxRows: z.number().int(),
  tablePickerGrid: z.number().int(),
  attachmentMaxFiles: z.number().int(),
  uploadMaxMb: z.number(),
  imageTypes: z.array(z.string()),
  videoTypes: z.array(z.string()),
  fileTypes: z.array(z.string()),
});
export type EditorConfig = z.infer<typeof editorConfigResponse>;
