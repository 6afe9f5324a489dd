import { fileExtension } from '@crm/shared';
import { fileTypeFromBuffer } from 'file-type';

/** What an upload really is, from its bytes. */
export type Sniffed = { ext: string; mime: string; image: boolean };

type Kind = { mime: string; image?: boolean; aliases?: string[] };

/** Types recognised by their magic bytes (file-type's `ext`). Everything else is refused. */
const BY_MAGIC: Record<string, Kind> = {
  jpg: { mime: 'image/jpeg', image: true, aliases: ['jpeg', 'jpe', 'jfif'] },
  png: { mime: 'image/png', image: true },
  gif: { mime: 'image/gif', image: true },
  webp: { mime: 'image/webp', image: true },
  bmp: { mime: 'image/bmp', image: true },
  pdf: { mime: 'application/pdf' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  zip: { mime: 'application/zip' },
  rar: { mime: 'application/vnd.rar' },
  '7z': { mime: 'application/x-7z-compressed' },
  mp3: { mime: 'audio/mpeg' },
  mp4: { mime: 'video/mp4' },
  wav: { mime: 'audio/wav' },
  mov: { mime: 'video/quicktime', aliases: ['qt'] },
};

/** Legacy Office files are all "compound file binary" (as are .msi installers): the name decides. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** Plain text has no magic bytes: allowed by name when the bytes are text. */
const TEXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/** The extensions an upload may have, by what the editor offers them for (file/ueditorConfig). */
export function allowedExtensions() {
  const magic = Object.entries(BY_MAGIC);
  const withAliases = ([ext, k]: [string, Kind]) => [ext, ...(k.aliases ?? [])];
  return {
    image: magic.filter(([, k]) => k.image).flatMap(withAliases),
    video: magic.filter(([, k]) => k.mime.startsWith('video/')).flatMap(withAliases),
    file: [...magic.flatMap(withAliases), ...Object.keys(LEGACY_OFFICE), ...Object.keys(TEXT)],
  };
}

/**
 * Sniff the real type of an upload; the client's content type is never trusted.
 * Answers null for anything not on the allow list (executables, HTML, SVG, scripts, ...).
 */
export async function sniff(name: string, bytes: Buffer): Promise<Sniffed | null> {
  const nameExt = fileExtension(name);
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (found.ext === 'cfb') {
      const mime = LEGACY_OFFICE[nameExt];
      return mime ? { ext: nameExt, mime, image: false } : null;
    }
    const kind = BY_MAGIC[found.ext];
    return kind ? { ext: found.ext, mime: kind.mime, image: kind.image === true } : null;
  }
  const textMime = TEXT[nameExt];
  const charset = textMime ? textCharsetOf(bytes) : null;
  return textMime && charset ? { ext: nameExt, mime: `${textMime}; charset=${charset}`, image: false } : null;
}

/** Whether `name`'s extension fits the sniffed type (jpeg for jpg, and so on). */
export function extensionFits(name: string, sniffed: Sniffed): boolean {
  const ext = fileExtension(name);
  return ext === sniffed.ext || (BY_MAGIC[sniffed.ext]?.aliases ?? []).includes(ext);
}

/**
 * The charset of a text file, or null when the bytes are not text: no NUL or other control
 * bytes, and they decode as UTF-8 or as GB18030 (what Excel's Chinese CSV export writes).
 */
function textCharsetOf(bytes: Buffer): 'utf-8' | 'gb18030' | null {
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return null;
  for (const charset of ['utf-8', 'gb18030'] as const) {
    try {
      new TextDecoder(charset, { fatal: true }).decode(bytes);
      return charset;
    } catch {
      // try the next one
    }
  }
  return null;
}
