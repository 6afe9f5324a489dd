import { type CallField, type CallKind, callFieldsOf, callKinds } from '@crm/shared';

/** Whether a kind's field is a number the call centre dials (customer mobile; leads' and contacts' mobile and telephone). */
export function callableField(kindKey: string, fieldName: string): boolean {
  return (
    (callKinds as readonly string[]).includes(kindKey) && callFieldsOf[kindKey as CallKind].some((f) => f === fieldName)
  );
}

/** The numbers a kind's record may be dialled at (none for kinds the call centre does not serve). */
export function callFieldsOfKind(kindKey: string): readonly CallField[] {
  return (callKinds as readonly string[]).includes(kindKey) ? callFieldsOf[kindKey as CallKind] : [];
}
