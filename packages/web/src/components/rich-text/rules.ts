import { EDITOR, fileExtension, richTextLength } from '@crm/shared';

/** The editor's pure rules, apart from the component so tests and the server read one source. */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

export type NormalisedLink = { href: string; protocolAdded: boolean };

/**
 * The address a link dialog stores: a missing protocol becomes http:// (the dialog warns);
 * relative file addresses stay; script and data URLs are refused (null), as the server would drop them.
 */
export function normaliseLink(raw: string): NormalisedLink | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return { href: text, protocolAdded: false };
  if (text.startsWith('#')) return { href: text, protocolAdded: false };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme && ALLOWED_SCHEMES.includes(scheme)) return { href: text, protocolAdded: false };
  // "localhost:8080/x" reads as a scheme but is a host and port; any other scheme is refused.
  if (scheme && !/^\d/.test(text.slice(scheme.length + 1))) return null;
  return { href: `http://${text.replace(/^\/\//, '')}`, protocolAdded: true };
}

/** A table size within the limits (crm-records 9: 20 columns, 100 rows at most). */
export function clampTable(rows: number, cols: number) {
  const fit = (n: number, max: number) => Math.min(max, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));
  return { rows: fit(rows, EDITOR.tableMaxRows), cols: fit(cols, EDITOR.tableMaxCols) };
}

/** The word count shown under the editor and whether it is past the limit. */
export function wordStatus(html: string, limit: number = EDITOR.wordLimit) {
  const count = richTextLength(html);
  return { count, limit, over: count > limit };
}

/** Whether a chosen file may be uploaded: its extension allowed and its size within the limit. */
export function fileFits(file: { name: string; size: number }, types: readonly string[], maxMb: number) {
  if (!types.includes(fileExtension(file.name))) return 'type' as const;
  if (file.size > maxMb * 1024 * 1024) return 'size' as const;
  return null;
}
