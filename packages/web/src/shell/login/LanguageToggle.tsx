import { GlobalOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { type Lang, useLang } from '@/i18n';

/** 中文 / English before signing in (the user menu has the same switch afterwards). */
export function LanguageToggle() {
  const { lang, setLang } = useLang();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: '#646a73' }}>
      <GlobalOutlined />
      <Segmented<Lang>
        size="small"
        value={lang}
        onChange={setLang}
        options={[
          { label: '中文', value: 'zh' },
          { label: 'English', value: 'en' },
        ]}
      />
    </span>
  );
}
