import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/**
 * One i18n layer: each feature defines its own dictionary with `defineMessages` (zh and en with
 * the same keys, checked by the type system) and reads it through the hook that returns.
 * The language is chosen in the user menu and kept in localStorage.
 */
export type Lang = 'zh' | 'en';
const STORAGE_KEY = 'lang';

let currentLang: Lang = readStoredLang();
// The document says its language from the start (screen readers, the English walk), not only after a switch.
if (typeof document !== 'undefined') document.documentElement.lang = currentLang === 'zh' ? 'zh-CN' : 'en';
function readStoredLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}
/** The language outside React (request layer toasts). */
export const getLang = (): Lang => currentLang;

const LangContext = createContext<{ lang: Lang; setLang: (l: Lang) => void }>({ lang: 'zh', setLang: () => {} });

export function LangProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(currentLang);
  const value = useMemo(
    () => ({
      lang,
      setLang(l: Lang) {
        currentLang = l;
        localStorage.setItem(STORAGE_KEY, l);
        document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
        setLangState(l);
      },
    }),
    [lang],
  );
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export const useLang = () => useContext(LangContext);

const fill = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? '')) : text;

export type Dictionary<K extends string> = { zh: Record<K, string>; en: Record<K, string> };
export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/** Define a feature's messages; answers a hook giving `t(key, vars)` in the current language. */
export function defineMessages<K extends string>(dict: Dictionary<K>) {
  const translate: Translate<K> = (key, vars) => fill(dict[currentLang][key] ?? dict.zh[key] ?? key, vars);
  // biome-ignore lint/correctness/noComponentHookFactories: defineMessages runs once per module at import, so each feature's hook is created once and stays stable.
  function useMessages(): Translate<K> {
    const { lang } = useLang();
    return useMemo<Translate<K>>(() => (key, vars) => fill(dict[lang][key] ?? dict.zh[key] ?? key, vars), [lang]);
  }
  return Object.assign(useMessages, { translate });
}
