import type { ListField } from '../../core/list/builder.ts';

/**
 * Names a computed column derives from: a field of the kind itself (`money`) or of another kind
 * (`receivables.money`, by the kind's key). Hidden when any of them is hidden from the viewer.
 */
export type DerivedFrom = string[];

/**
 * A column computed over `r` (a contract's received money). `optional`: offered in 列设置 but not
 * shown until the user switches it on, so the default list fits the screen (spec 3.8's columns first).
 */
export type ComputedColumn = ListField & {
  name: string;
  optional?: boolean;
  /**
   * Carried on every row but never a column of its own: a name the page shows in place of an id
   * field (the customer's 所属门店 is a shop id; `shopOwnerName` is what a person reads).
   */
  carried?: boolean;
  /**
   * The fields its value comes from (readable.ts `DerivedFrom`): hidden from whoever has any of
   * them hidden, as the field is (a contract's unreceived money gives its money away).
   */
  derivedFrom?: DerivedFrom;
};
