import { useEffect, useRef } from 'react';
import { useUrlParams } from './url-params';

/**
 * The workbench quick-add opens a page with `?create=1`: run `open` once and drop the parameter
 * from the address, so a reload or going back does not open the form again.
 */
export function useCreateParam(open: () => void): void {
  const [params, setParam] = useUrlParams();
  const wanted = params.get('create') === '1';
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!wanted) return;
    latest.current();
    setParam({ create: null });
  }, [wanted, setParam]);
}
