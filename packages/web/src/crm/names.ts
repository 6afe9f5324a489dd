import { businessEndNames, checkStatusNames, type RecordKind, systemColumns } from '@crm/shared';
import { type Lang, useLang } from '@/i18n';

/** Columns the server computes for a kind beyond its declaration (the customer's tags, the pool's days, a contact's customer). */
const computedColumnsEn: Record<string, string> = {
  tagNames: 'Tags',
  poolDaysLeft: 'Days until pool',
  customerName: 'Customer',
};

/**
 * A kind's and its fixed columns' names in the reader's language (issue 26: English that is
 * English). Fixed fields, system and computed columns are the system's words, declared with an
 * English name; a custom field's name is the administrator's and shows as typed. In Chinese the
 * name the server sends stays (an administrator may have renamed a fixed field).
 */
export function columnName(lang: Lang, d: RecordKind, key: string, name: string): string {
  if (lang !== 'en') return name;
  const declared =
    d.fixedFields.find((f) => f.fieldName === key) ??
    systemColumns.find((c) => c.key === key) ??
    d.readColumns?.find((c) => c.key === key);
  return declared?.nameEn ?? computedColumnsEn[key] ?? name;
}

export const kindName = (lang: Lang, d: RecordKind): string => (lang === 'en' ? d.nameEn : d.name);

/** Both, bound to the current language. */
export function useKindNames(d: RecordKind) {
  const { lang } = useLang();
  return {
    name: kindName(lang, d),
    column: (key: string, name: string) => columnName(lang, d, key, name),
  };
}

/** A system scene (全部, 我负责的) by its declared name; a user's own scene as they named it. */
export function sceneName(lang: Lang, d: RecordKind, scene: { name: string; isSystem: boolean }): string {
  if (lang !== 'en' || !scene.isSystem) return scene.name;
  return d.systemScenes.find((s) => s.name === scene.name)?.nameEn ?? scene.name;
}

/**
 * The words of the fixed coded choices (性别 男/女, 是/否, 上架/下架, review and end states) in
 * English, for what a list or a detail shows; forms keep the words the kind's codes read.
 */
const codeWordsEn: Record<string, string> = {
  男: 'Male',
  女: 'Female',
  是: 'Yes',
  否: 'No',
  上架: 'On sale',
  下架: 'Off sale',
  ...Object.fromEntries(Object.values(checkStatusNames)),
  ...Object.fromEntries(Object.values(businessEndNames).map((n) => [n.name, n.nameEn])),
};

/** A shown value in the reader's language when it is one of the system's choice words. */
export const wordIn = (lang: Lang, value: unknown): unknown =>
  lang === 'en' && typeof value === 'string' ? (codeWordsEn[value] ?? value) : value;
