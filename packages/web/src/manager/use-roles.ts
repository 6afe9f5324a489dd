import { useQueries, useQuery } from '@tanstack/react-query';
import { useLang } from '@/i18n';
import { call } from '@/shell/call';
import { managerKeys } from './api';

/** Role lists read silently: a missing permission shows as an empty select, not as a toast per type. */
const roleTypes = () => call('/system/role/getRoleTypeList', undefined, { silent: true });
const rolesOf = (roleType: number) => call('/system/role/getRoleByType', { roleType }, { silent: true });

/** Every role, grouped by role type (getRoleTypeList + getRoleByType). */
export function useRoleGroups(enabled: boolean) {
  const { lang } = useLang();
  const types = useQuery({ queryKey: managerKeys.roleTypes, queryFn: roleTypes, enabled });
  const roles = useQueries({
    queries: (types.data ?? []).map((t) => ({
      queryKey: managerKeys.rolesByType(t.roleType),
      queryFn: () => rolesOf(t.roleType),
      enabled,
    })),
  });
  return {
    loading: types.isLoading || roles.some((r) => r.isLoading),
    groups: (types.data ?? []).map((t, i) => ({
      roleType: t.roleType,
      label: lang === 'en' && t.nameEn ? t.nameEn : t.name,
      roles: roles[i]?.data ?? [],
    })),
  };
}
