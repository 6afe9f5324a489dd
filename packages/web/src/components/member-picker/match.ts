import { useEffect, useState } from 'react';

type PinyinMatch = typeof import('pinyin-pro').match;

/** pinyin-pro carries a large dictionary: it loads the first time a picker opens, not with the page. */
let pinyinMatch: PinyinMatch | null = null;
let loading: Promise<void> | null = null;

export function loadPinyin(): Promise<void> {
  loading ??= import('pinyin-pro').then((m) => {
    pinyinMatch = m.match;
  });
  return loading;
}

/** Starts loading pinyin; true once searches match pinyin too (the caller re-renders then). */
export function usePinyin(): boolean {
  const [ready, setReady] = useState(pinyinMatch !== null);
  useEffect(() => {
    if (!ready) void loadPinyin().then(() => setReady(true));
  }, [ready]);
  return ready;
}

const han = /[\u3400-\u9fff]/;

/**
 * Does `query` find `text`? Substring (case-insensitive) always; for Chinese text also its pinyin,
 * full or initials or a mix (张三: "zs", "zhangsan", "zhangs"), once pinyin has loaded.
 */
export function textMatches(text: string | undefined, query: string): boolean {
  if (!text) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (text.toLowerCase().includes(q)) return true;
  if (!pinyinMatch || !han.test(text) || !/^[a-z\s]+$/.test(q)) return false;
  return pinyinMatch(text, q.replace(/\s+/g, ''), { continuous: true }) !== null;
}

/** A user matches on realname or username. */
export const userMatches = (u: { realname: string; username?: string }, query: string) =>
  textMatches(u.realname, query) || textMatches(u.username, query);
