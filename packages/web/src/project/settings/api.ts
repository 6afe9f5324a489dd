import { type RefSource, type SettingsKind, settingsOptionsPath, settingsPaths } from '@crm/shared';
import { request } from '@/shell/request';

/** A row of any settings kind as the list answers it (docs/api.md "Clinic: settings"). */
export type SettingsRow = { id: number; sort?: number; enabled?: boolean } & Record<string, unknown>;
export type SettingsPage = { list: SettingsRow[]; totalRow: number; page: number; limit: number };
export type ListQuery = { page: number; limit: number; search: string; enabled?: boolean };
export type Option = { value: number; label: string };

/**
 * The calls of one kind. Paths come from the kind's declaration, so the generic page types them
 * loosely (a row is a record of its declared keys); bodies go as JSON (sub-tables are arrays).
 */
export function settingsApi(kind: SettingsKind) {
  const p = settingsPaths(kind);
  return {
    list: (q: ListQuery) => request<SettingsPage>(p.list, q),
    read: (id: number) => request<SettingsRow>(p.read, { id }),
    query: () => request<SettingsRow>(p.query),
    save: (body: Record<string, unknown>) => request<{ id: number }>(p.save, body, { json: true }),
    remove: (id: number) => request<null>(p.remove, { id }),
    status: (id: number, enabled: boolean) => request<null>(p.status, { id, enabled }),
    sort: (ids: number[]) => request<null>(p.sort, { ids }, { json: true }),
  };
}

export const fetchOptions = (source: RefSource) => request<Option[]>(settingsOptionsPath, { source });

/** Under `['clinicSettings']`: a kind's saves refresh its list and the pickers (a set meal's name). */
export const settingsKeys = {
  all: ['clinicSettings'] as const,
  kind: (name: string) => ['clinicSettings', name] as const,
  options: (source: RefSource) => ['clinicSettings', 'options', source] as const,
};
