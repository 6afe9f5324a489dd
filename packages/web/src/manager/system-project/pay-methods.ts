import { type PayMethod, payMethodNames } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shell/call';

export const PAY_METHODS_KEY = ['system', 'payMethods'] as const;

/**
 * The company's cash methods (/manager/system-project, issue 25) as the desk uses them: the
 * switched-off ones are not offered, a renamed one shows its name (the built-in name keeps its
 * translation). Until the setting arrives every method is offered; the charge checks it anyway.
 */
export function usePayMethodSetting() {
  const { data } = useQuery({
    queryKey: PAY_METHODS_KEY,
    queryFn: () => call('/system/application/payMethods', undefined, { silent: true }),
    staleTime: 60_000,
  });
  const rows = Array.isArray(data) ? data : [];
  const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.method));
  return {
    isOn: (m: PayMethod) => !off.has(m),
    label: (m: PayMethod, builtIn: string) => {
      const name = rows.find((r) => r.method === m)?.name;
      return name && name !== payMethodNames[m] ? name : builtIn;
    },
  };
}
