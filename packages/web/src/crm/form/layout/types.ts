import type { FixedField, FormLayout, LayoutField } from '@crm/shared';
import type { FormInstance } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues } from '@/components/dynamic-form/values';
import type { SchemaLike, ToInput } from '@/components/form/zod-rules';
import type { ReviewPart } from '../ReviewBlock';

/** A kind's form messages (its `defineMessages` hook's answer), read by key. */
export type FormWords = (key: string, vars?: Record<string, string | number>) => string;

/** What every widget of a form may read besides its value: the form, the loaded record, the words. */
export type WidgetContext<C = unknown> = {
  form: FormInstance;
  t: FormWords;
  editing: boolean;
  recordId?: number;
  /** What the kind's loader answered with the record (labels of chosen ids, owner rights). */
  context: C;
  batchId: string;
  field: LayoutField;
  /** The fixed field's declaration, when the value is one. */
  fixed?: FixedField;
  label: string;
};

/**
 * A widget is a control: the form item gives it `id`, `value` and `onChange` (and `disabled`
 * under a read-only permission or a locking flag); the label, rules and section are the layout's.
 */
export type WidgetProps<C = unknown> = {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Given when the value is checked on leaving it: a text widget passes it to its input. */
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  ctx: WidgetContext<C>;
};
/** A registry holds widgets of every kind's context (`any`: each reads its own). */
export type Widget = ComponentType<WidgetProps<any>>;
export type WidgetRegistry = Record<string, Widget>;

/** What a kind's loader answers: ready once what the form shows has arrived. */
export type FormSource<C = unknown> = {
  ready: boolean;
  failed?: boolean;
  /** The record as the form's values (editing); a new record starts from `defaults`. */
  values?: Record<string, unknown>;
  /** The stored custom values (the record's `fields`). */
  customValues?: FieldValues;
  /** The record's batch; a new record gets one per opened form. */
  batchId?: string;
  context: C;
  /** Flags the layout's `onlyIf` / `lockedIf` read. */
  flags: Record<string, boolean>;
};

/** What the kind's save receives: the permitted fixed values, and the rest to shape its body. */
export type SaveInput<C = unknown> = {
  /** The schema's input with hidden fields left out (and, on a new record, read-only ones). */
  sent: Record<string, unknown>;
  values: Record<string, unknown>;
  editing: boolean;
  recordId?: number;
  batchId: string;
  context: C;
  /** The custom fields' values, when the layout has custom fields and the kind defines some. */
  custom?: { fieldName: string; value: unknown }[];
  /** A kind declaring `review`: a draft (checkStatus 5) or the chosen flow's approver (ReviewBlock.tsx). */
  review?: ReviewPart;
};

export type FooterProps = {
  /** Save; `then` asks for the kind's follow-up, `draft` saves a reviewed kind's draft. */
  submit: (then?: string, draft?: boolean) => void;
  reset: () => void;
  onClose: () => void;
  saving: boolean;
  /** False until every section is mounted: the whole form is checked on save. */
  ready: boolean;
  editing: boolean;
  t: FormWords;
  saveLabel: string;
  cancelLabel: string;
};

/**
 * A kind's form on the web: its shared layout, its words, its widgets, and how its record is
 * loaded and saved. Everything else (sections, anchors, later sections, permissions, the
 * schema's rules, the save's flow) is the generic form's (LayoutForm.tsx).
 */
export type KindForm<C = unknown> = {
  layout: FormLayout;
  useWords: () => FormWords;
  /** The widgets of the first paint. */
  widgets: WidgetRegistry;
  /** The widgets of the `later` sections, from a chunk of their own. */
  laterWidgets?: () => Promise<{ default: WidgetRegistry }>;
  useSource(recordId: number | undefined, open: boolean): FormSource<C>;
  defaults: () => Record<string, unknown>;
  /** The save schema; fields the user may not fill are not required of them. */
  schema: (notFillable: string[]) => SchemaLike<unknown>;
  toInput: ToInput;
  /** Schema key → form value, where they differ (the shop id is edited as its name). */
  fieldOf?: Record<string, string>;
  /** Sends the body; answers the saved record's id. */
  // A method (not a property): a kind's form of its own context still is a `KindForm`.
  save(input: SaveInput<C>): Promise<number>;
  /** Query keys the save makes stale besides the kind's lists. */
  stale?: readonly (readonly unknown[])[];
  /** Message keys: the title, the save button, cancel, the anchors' label, the answers. */
  words: {
    create: string;
    edit: string;
    save?: { create: string; edit: string };
    cancel: string;
    sections?: string;
    saved: { create: string; edit: string };
    /** A refused save says this and closes (the customer panel, shell spec 8.4); else the form stays. */
    failed?: string;
    customFields?: string;
    attachments?: string;
  };
  /** Buttons of the kind's own (重置, 保存并新建联系人); the default is cancel and save. */
  footer?: ComponentType<FooterProps>;
  /** After a save asked with `then`: what opens in the form's place (a first contact). */
  followUp?: (then: string, id: number, done: () => void) => ReactNode;
  /**
   * What one value the person changed does to others (another customer empties the contract
   * chosen among its own); called after the change, as antd's `onValuesChange`.
   */
  onValuesChange?: (changed: Record<string, unknown>, form: FormInstance) => void;
  /** What a relative create's preset brings along once the form is filled (an opportunity's products). */
  onPreset?: (preset: Record<string, unknown>, form: FormInstance) => void;
};
