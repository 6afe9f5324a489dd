import { useEffect, useState } from 'react';

type PinyinMatch = typeof import('pinyin-pro').match;
type SearchKey = typeof import('@crm/shared/pinyin').pinyinSearchKey;

/** pinyin-pro carries a large dictionary: it loads the first time a picker opens, not with the page. */
let pinyinMatch: PinyinMatch | null = null;
let searchKey: SearchKey | null = null;
let loading: Promise<void> | null = null;

export function loadPinyin(): Promise<void> {
  loading ??= Promise.all([import('pinyin-pro'), import('@crm/shared/pinyin')]).then(([m, shared]) => {
    pinyinMatch = m.match;
    searchKey = shared.pinyinSearchKey;
  });
  return loading;
}

/** Names' search keys, computed once each: a list is filtered again on every keystroke. */
const keys = new Map<string, string>();
function keyOf(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = searchKey!(text);
    if (keys.size > 5000) keys.clear();
    keys.set(text, key);
  }
  return key;
}

/** Starts loading pinyin; true once searches match pinyin too (the caller re-renders then). */
export function usePinyin(): boolean {
  const [ready, setReady] = useState(pinyinMatch !== null);
  useEffect(() => {
    if (ready) return;
    // An unmounted picker (a closed page, a finished test) must not be updated when pinyin arrives.
    let mounted = true;
    void loadPinyin().then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}

const han = /[\u3400-\u9fff]/;

/**
 * Does `query` find `text`? Substring (case-insensitive) always; for Chinese text also its pinyin,
 * full or initials or a mix (张三: "zs", "zhangsan", "zhangs"), once pinyin has loaded. The
 * server's record search looks in the same key (`pinyinSearchKey` of @crm/shared/pinyin), so a
 * picker filtering in the browser and one searching on the server find the same names.
 */
export function textMatches(text: string | undefined, query: string): boolean {
  if (!text) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (text.toLowerCase().includes(q)) return true;
  if (!pinyinMatch || !han.test(text) || !/^[a-z\s]+$/.test(q)) return false;
  const compact = q.replace(/\s+/g, '');
  return (
    pinyinMatch(text, compact, { continuous: true }) !== null || (searchKey !== null && keyOf(text).includes(compact))
  );
}

/** A user matches on realname or username. */
export const userMatches = (u: { realname: string; username?: string }, query: string) =>
  textMatches(u.realname, query) || textMatches(u.username, query);
