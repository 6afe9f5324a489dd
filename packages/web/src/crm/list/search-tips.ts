import type { RecordKind } from '@crm/shared';

/**
 * The names of what a kind's list search looks in (its name field, then `searchFields`), in the
 * page's language: the search box says exactly that (请输入客户名称/手机号), no more.
 */
export function searchedFieldNames(kind: RecordKind, lang: 'zh' | 'en'): string[] {
  return [kind.nameField, ...(kind.searchFields ?? [])].map((name) => {
    const f = kind.fixedFields.find((x) => x.fieldName === name);
    if (!f) return name;
    return lang === 'en' ? f.nameEn : f.name;
  });
}
