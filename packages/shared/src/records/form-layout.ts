/**
 * A kind's create/edit form laid out in named sections (issue 27): data only, beside the kind's
 * declaration. The web's generic form renders it (crm/form/layout/); titles and labels are keys
 * of the kind's form messages (zh and en), widgets are names in the kind's web registry, and the
 * rules stay the kind's shared save schema.
 */

/** How much of the row a field takes: the whole row, half of it, or a narrow figure box. */
export type LayoutWidth = 'full' | 'half' | 'narrow';

export type LayoutField = {
  /** The form value's name: a fixed field's `fieldName`, or a value only the kind's save reads. */
  field: string;
  /** A widget by name from the kind's web registry; absent, the fixed field's form type decides. */
  widget?: string;
  width?: LayoutWidth;
  /** Shows the required mark while the user may fill it (the rule itself is the schema's). */
  required?: boolean;
  /** The label's message key when it is not the field's name. */
  label?: string;
  /** Message keys of the placeholder and of the hint under the field. */
  placeholder?: string;
  extra?: string;
  /** Checked when the person leaves it only (typing a name whose choice sets another value). */
  check?: 'blur';
  /** Shown only while another value of the form equals this (the signing block under its switch). */
  when?: { field: string; equals: unknown };
  /** Shown only when the kind's loaded record or the user's permissions raise this flag. */
  onlyIf?: string;
  /** Disabled while this flag is raised (an advisor's identity, a closed customer's shop). */
  lockedIf?: string;
  /** The fixed field whose permission and rule this value follows (the shop's name edits its id). */
  gatedBy?: string;
};

export type LayoutSection = {
  /** The section's name: its anchor, and the message key of its title. */
  key: string;
  fields: readonly LayoutField[];
  /** Mounted a frame after the first paint, with widgets from the kind's later chunk. */
  later?: boolean;
  /** Shown only when the kind raises this flag (the shop's 负责人信息 when its owner may change). */
  onlyIf?: string;
};

export type FormLayout = {
  /** In the spec's order; several sections get a row of anchors above the form. */
  sections: readonly LayoutSection[];
  /** The administrator's custom fields under 其他信息, after the sections. */
  customFields?: boolean;
  /** The record's attachments (its batch's files) after the custom fields. */
  attachments?: boolean;
  /** The drawer's width in px (spec 9: 700 unless the kind's spec says otherwise). */
  width?: number;
};
