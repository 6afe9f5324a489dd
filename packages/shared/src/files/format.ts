/**
 * Pure helpers for showing files, shared by the upload list, the previewer and the server
 * (spec 9: names longer than 25 characters are truncated in lists; sizes in MB, kB or Byte).
 */

/** List rows show at most this many characters of a file name. */
export const FILE_NAME_LIST_MAX = 25;

const KB = 1024;
const MB = 1024 * 1024;

/** 1536 → "1.50 kB", 3145728 → "3.00 MB", 512 → "512 Byte". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 Byte';
  if (bytes >= MB) return `${(bytes / MB).toFixed(2)} MB`;
  if (bytes >= KB) return `${(bytes / KB).toFixed(2)} kB`;
  return `${Math.round(bytes)} Byte`;
}

/** Counts characters, not UTF-16 units, so an emoji or a rare CJK character is never cut in half. */
export function truncateFileName(name: string, max: number = FILE_NAME_LIST_MAX): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}

/** The extension in lower case without the dot ("" when none): "A.Report.PDF" → "pdf". */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/**
 * A renamed file keeps the extension of its content: "final" for a PDF becomes "final.pdf";
 * a name that already ends with it is kept as typed.
 */
export function keepExtension(newName: string, currentName: string): string {
  const name = newName.trim();
  const ext = fileExtension(currentName);
  if (!ext || fileExtension(name) === ext) return name;
  return `${name}.${ext}`;
}

/**
 * The rules of every stored file name, on upload and on rename alike: the last path segment only
 * ("../../etc/x" → "x", "C:\\a\\b.pdf" → "b.pdf"), no control characters (a CR/LF could split a
 * header) and no direction overrides (U+202E makes "gpj.exe" look like "exe.jpg"), trimmed; a
 * name of dots only is no name. Answers "" when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const name = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return /^\.*$/.test(name) ? '' : name;
}

/** At most `max` characters (not UTF-16 units), keeping the extension: the stem loses its end. */
export function fitFileName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const ext = fileExtension(name);
  const tail = ext ? `.${ext}` : '';
  return chars.slice(0, max - tail.length).join('') + tail;
}

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;

/** Whether a file shows as a picture (by its name: preview urls carry no extension). */
export function isImageName(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}
