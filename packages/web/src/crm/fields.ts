import { type FieldDefinition, fixedDefinitions, type RecordKind } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { useLang } from '@/i18n';
import { queryFields, recordKeys } from './api';
import { columnName } from './names';
import type { CrmKind } from './types';

type KindField = FieldDefinition & { fieldType?: number };
export type KindFields = { fixed: FieldDefinition[]; custom: FieldDefinition[] };

/**
 * A kind's fields for its forms, filters and displays: the fixed ones (fieldType 1) and the
 * administrator's custom ones, from `field/queryField`. The server's fixed definitions win over
 * the descriptor's (an administrator may rename a fixed field or make it required); a server
 * without the field call leaves the descriptor's fixed fields and no custom ones.
 */
export function useKindFields(kind: CrmKind) {
  const { lang } = useLang();
  return useQuery({
    queryKey: recordKeys.fields(kind.prefix),
    queryFn: async (): Promise<KindFields> => {
      const descriptorFixed = fixedDefinitions(kind.descriptor);
      let answer: KindField[] = [];
      try {
        answer = (await queryFields(kind.descriptor.label)) as KindField[];
      } catch {
        return { fixed: descriptorFixed, custom: [] };
      }
      const serverFixed = new Map(answer.filter((f) => f.fieldType === 1).map((f) => [f.fieldName, f]));
      // The server leaves out the fixed fields hidden from this user: so does the form.
      const shown = (f: FieldDefinition) => serverFixed.size === 0 || serverFixed.has(f.fieldName);
      return {
        fixed: descriptorFixed.filter(shown).map((f) => ({ ...f, ...(serverFixed.get(f.fieldName) ?? {}) })),
        custom: answer.filter((f) => f.fieldType !== 1 && f.fieldName),
      };
    },
    staleTime: 30_000,
    // Fixed fields by their declared names in the reader's language; custom ones as typed.
    select: (data) =>
      lang === 'en'
        ? {
            ...data,
            fixed: data.fixed.map((f) => ({
              ...f,
              name: columnName(lang, kind.descriptor, f.fieldName ?? '', f.name),
            })),
          }
        : data,
  });
}

/** One field's access in a kind's own panel: 1 hidden, 2 read-only, 3 editable. */
export type FieldLevel = (fieldName: string) => 1 | 2 | 3;

/**
 * The caller's access to a kind's fields for a panel that lays out its fixed fields itself (the
 * customer panel, the shop form): from `field/queryField`, which leaves out what is hidden from
 * the user (the designer's answer lists them with authLevel 1). Editable until it answers.
 */
export function useFieldLevels(kind: RecordKind, enabled: boolean): FieldLevel {
  const { data } = useQuery({
    queryKey: ['crm', 'fields', kind.label],
    queryFn: () => queryFields(kind.label) as Promise<(KindField & { authLevel?: number })[]>,
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  return (name) => {
    if (!data) return 3;
    const f = data.find((d) => d.fieldName === name);
    // A fixed field missing from an answer that lists the fixed fields is hidden from this user.
    if (!f) return data.some((d) => d.fieldType === 1) && kind.fixedFields.some((x) => x.fieldName === name) ? 1 : 3;
    return f.authLevel === 1 || f.authLevel === 2 ? f.authLevel : 3;
  };
}
