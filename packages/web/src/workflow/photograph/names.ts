import { photoAngleNames, photoAngleNamesEn, photoTypeNames, photoTypeNamesEn } from '@crm/shared';
import { useLang } from '@/i18n';

/** The photo codes' names in the current language. */
export function usePhotoNames() {
  const en = useLang().lang === 'en';
  return { type: en ? photoTypeNamesEn : photoTypeNames, angle: en ? photoAngleNamesEn : photoAngleNames };
}
