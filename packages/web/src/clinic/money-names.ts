import {
  dealStatusNames,
  dealStatusNamesEn,
  orderKindNames,
  orderKindNamesEn,
  orderStatusNames,
  orderStatusNamesEn,
  payMethodNames,
  payMethodNamesEn,
  refundStatusNames,
  refundStatusNamesEn,
} from '@crm/shared';
import { useLang } from '@/i18n';

/** The money records' kinds and states in the reader's language (shared names, issue 26). */
export function useMoneyNames() {
  const en = useLang().lang === 'en';
  return {
    orderKind: en ? orderKindNamesEn : orderKindNames,
    orderStatus: en ? orderStatusNamesEn : orderStatusNames,
    dealStatus: en ? dealStatusNamesEn : dealStatusNames,
    refundStatus: en ? refundStatusNamesEn : refundStatusNames,
    payMethod: (en ? payMethodNamesEn : payMethodNames) as Record<string, string>,
  };
}
