import { createPortal } from 'react-dom';
import type { ExamineDetail } from '../api';
import { DetailHeader, FormValues, Section } from './DetailBody';
import { FlowTimeline } from './FlowTimeline';
import { useDetailMessages } from './messages';
import './print.css';
import { nowInZone } from '@/shell/time';

/**
 * What 打印 prints: the form and the flow on a plain sheet. It sits outside the app (hidden on
 * screen); the print stylesheet shows only it.
 */
export function PrintSheet({ detail }: { detail: ExamineDetail }) {
  const t = useDetailMessages();
  return createPortal(
    <div className="exm-print-sheet" aria-hidden>
      <h1 className="exm-print-sheet__title">{t('printTitle', { name: detail.categoryTitle })}</h1>
      <DetailHeader detail={detail} />
      <Section title={t('formSection')}>
        <FormValues detail={detail} />
      </Section>
      <Section title={t('flowSection')}>
        <FlowTimeline detail={detail} />
      </Section>
      {detail.ccUsers.length > 0 && (
        <Section title={t('ccSection')}>{detail.ccUsers.map((u) => u.realname).join('、')}</Section>
      )}
      <div className="exm-print-sheet__foot">{t('printedAt', { time: nowInZone().format('YYYY-MM-DD HH:mm') })}</div>
    </div>,
    document.body,
  );
}
