import { inspectionStatusNames, inspectionStatusNamesEn } from '@crm/shared';
import { Tag } from 'antd';
import { useLang } from '@/i18n';
import { statusColor } from './api';

/** A plan's state as a coloured tag, in the page's language. */
export function StatusTag({ status }: { status: number }) {
  const { lang } = useLang();
  const names = lang === 'en' ? inspectionStatusNamesEn : inspectionStatusNames;
  return <Tag color={statusColor[status]}>{names[status]}</Tag>;
}

export function useStatusNames(): Record<number, string> {
  const { lang } = useLang();
  return lang === 'en' ? inspectionStatusNamesEn : inspectionStatusNames;
}
