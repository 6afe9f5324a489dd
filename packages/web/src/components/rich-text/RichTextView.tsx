import './rich-text.css';

/**
 * Stored rich text, shown as it was written. The server sanitised it with its allow-list
 * before storing it (core/html/sanitize.ts), so it holds no script, handler or script URL.
 */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML (allow-list) is the point of a rich text
  return <div className="rt-view" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
