import {
  type AuthObject,
  authHas,
  businessKind,
  contactsKind,
  contractKind,
  customerKind,
  leadsKind,
  type RecordKind,
  recordKindByKey,
} from '@crm/shared';
import type { PickedRecord } from '@/components/record-picker';

/** The related-business block's value: chosen records per relation key (`customerIds`…). */
export type RelationValue = Partial<Record<RelationKey, PickedRecord[]>>;
export type RelationKey = 'customerIds' | 'contactsIds' | 'businessIds' | 'leadsIds' | 'contractIds';

export type RelatedKind = { key: RelationKey; kind: RecordKind; prefix: string };

/**
 * What an approval may link (approvals.md: customers, contacts, opportunities, leads,
 * contracts), in that order. Only kinds that exist are listed: the others join with their
 * descriptors and calls.
 */
const candidates: { key: RelationKey; kindKey: string; prefix: string }[] = [
  { key: 'customerIds', kindKey: customerKind.key, prefix: 'CrmCustomer' },
  { key: 'contactsIds', kindKey: contactsKind.key, prefix: 'CrmContacts' },
  { key: 'businessIds', kindKey: businessKind.key, prefix: 'CrmBusiness' },
  { key: 'leadsIds', kindKey: leadsKind.key, prefix: 'CrmLeads' },
  { key: 'contractIds', kindKey: contractKind.key, prefix: 'CrmContract' },
];

/** The kinds this user may link: they exist and the user may list them (`crm.<kind>.index`). */
export function relatedKinds(auth: AuthObject | null | undefined): RelatedKind[] {
  if (!auth) return [];
  return candidates.flatMap((c) => {
    const kind = recordKindByKey(c.kindKey);
    return kind && authHas(auth, `${kind.permission.replace(/:/g, '.')}.index`)
      ? [{ key: c.key, kind, prefix: c.prefix }]
      : [];
  });
}

/** An approval being edited: its linked ids, names to be looked up. */
export const relationOf = (saved: Record<string, number[]> | undefined, kinds: RelatedKind[]): RelationValue =>
  Object.fromEntries(kinds.map((k) => [k.key, (saved?.[k.key] ?? []).map((id) => ({ id, name: '' }))]));

/**
 * `oaExamineRelation` of the save: the chosen ids of the kinds offered, comma-joined, and the
 * saved ids of kinds this user is not offered, unchanged (an edit never drops what it cannot show).
 */
export function relationBody(
  value: RelationValue | undefined,
  kinds: RelatedKind[],
  saved: Record<string, number[]> | undefined,
): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [key, ids] of Object.entries(saved ?? {})) body[key] = ids.join(',');
  for (const k of kinds) body[k.key] = (value?.[k.key] ?? []).map((r) => r.id).join(',');
  return body;
}
