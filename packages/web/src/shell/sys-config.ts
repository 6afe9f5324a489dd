import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appTitle, type Brand, brandMessages, cachedBrand, storeBrand } from './brand';
import { call } from './call';
import { setPortalUrl } from './request';
import { setTimeZone } from './time';

async function loadSysConfig(): Promise<Brand> {
  const c = await call('/sysConfig/query', undefined, { silent: true });
  setPortalUrl(c?.portalUrl || undefined);
  if (c) setTimeZone(c.timeZone);
  const brand = { companyName: c?.companyName ?? '', logo: c?.logo ?? '' };
  storeBrand(brand);
  return brand;
}

/**
 * Company name and logo for the top bar; also keeps document.title, the portal address and the
 * company's time zone (shell/time.ts) current.
 */
export function useBrand(): Brand & { title: string } {
  const t = brandMessages();
  const { data } = useQuery({
    queryKey: ['sysConfig'],
    queryFn: loadSysConfig,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: cachedBrand,
  });
  const brand = data ?? cachedBrand();
  const title = appTitle(brand, t('appTitle'));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return { ...brand, title };
}
