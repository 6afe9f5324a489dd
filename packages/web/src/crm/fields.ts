import { type FieldDefinition, fixedDefinitions } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { queryFields, recordKeys } from './api';
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
      return {
        fixed: descriptorFixed.map((f) => ({ ...f, ...(serverFixed.get(f.fieldName) ?? {}) })),
        custom: answer.filter((f) => f.fieldType !== 1 && f.fieldName),
      };
    },
    staleTime: 30_000,
  });
}
