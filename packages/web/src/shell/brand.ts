import { defineMessages } from '@/i18n';

/**
 * The company name and logo from the system configuration, remembered in localStorage so the
 * login page (before any session) and the first paint show them (spec 3.6).
 */
export type Brand = { companyName: string; logo: string };
const KEY = 'sysConfig';

export const brandMessages = defineMessages({
  zh: { appTitle: '客户管理系统' },
  en: { appTitle: 'Customer Management System' },
});

export function cachedBrand(): Brand {
  try {
    const raw = localStorage.getItem(KEY);
    const b = raw ? (JSON.parse(raw) as Partial<Brand>) : {};
    return { companyName: b.companyName ?? '', logo: b.logo ?? '' };
  } catch {
    return { companyName: '', logo: '' };
  }
}

export function storeBrand(b: Brand) {
  localStorage.setItem(KEY, JSON.stringify(b));
}

/** The title shown in the top bar and the browser tab: the configured name, else 客户管理系统. */
export const appTitle = (b: Brand, fallback: string): string => b.companyName.trim() || fallback;
