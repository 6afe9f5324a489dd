import { type Lang, useLang } from '@/i18n';

const OPTIONS: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh' },
  { label: 'English', value: 'en' },
];

/** 中文 / English before signing in (the user menu has the same switch afterwards). Plain: no antd here. */
export function LanguageToggle() {
  const { lang, setLang } = useLang();
  return (
    <span className="crm-lang-toggle">
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.3">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c2 2 2.6 4.2 2.6 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.4 5.7 5.4 8S6 12.5 8 14.5" />
      </svg>
      <span className="crm-segmented">
        {OPTIONS.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={lang === o.value}
            // Each language is named in itself (中文 in English mode too).
            lang={o.value === 'zh' ? 'zh-CN' : 'en'}
            className={lang === o.value ? 'crm-segmented-item crm-segmented-item-selected' : 'crm-segmented-item'}
            onClick={() => setLang(o.value)}
          >
            {o.label}
          </button>
        ))}
      </span>
    </span>
  );
}
