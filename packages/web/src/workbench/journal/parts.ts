import { type LogCategory, logPartLabels } from '@crm/shared';
import { useLang } from '@/i18n';
import { partLabelsEn } from './messages';

/** The labels of a log's three parts in the current language. */
export function usePartLabels() {
  const { lang } = useLang();
  return (category: number) => {
    const c = ([1, 2, 3].includes(category) ? category : 1) as LogCategory;
    return lang === 'en' ? partLabelsEn[c] : logPartLabels[c];
  };
}
