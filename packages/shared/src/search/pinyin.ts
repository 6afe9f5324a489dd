import { pinyin } from 'pinyin-pro';

/**
 * The pinyin search key of a name, computed here so the server (which stores it with a record)
 * and the web (which matches picker lists in the browser) agree: full pinyin, a space, then the
 * initials, lower-case, letters and digits only (张三 → "zhangsan zs"). A search text is looked
 * for in it as a substring, so "zs", "zhangsan" and "zhang" all find 张三.
 *
 * Imported by its own path (`@crm/shared/pinyin`), never through the package index: the
 * dictionary is large, and the web loads it only when a picker opens.
 */
export function pinyinSearchKey(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  if (!value) return '';
  const clean = (parts: string[]) =>
    parts
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const full = clean(pinyin(value, { toneType: 'none', type: 'array', v: true }));
  const initials = clean(pinyin(value, { pattern: 'first', toneType: 'none', type: 'array' }));
  return full === initials ? full : `${full} ${initials}`;
}

/** Does `query` (letters typed in a search box) find the name whose key is `key`? */
export function pinyinKeyMatches(key: string, query: string): boolean {
  const q = query.toLowerCase().replace(/[^a-z0-9]/g, '');
  return q !== '' && key.includes(q);
}
