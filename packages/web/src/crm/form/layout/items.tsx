import type { FixedField, LayoutField, LayoutSection } from '@crm/shared';
import { Divider, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { FieldLevel } from '../../fields';
import type { FormWords, Widget, WidgetContext, WidgetProps, WidgetRegistry } from './types';

/** A fixed field without a named widget: its form type's plain input, with its declared limit. */
function PlainInput({ id, value, onChange, onBlur, disabled, placeholder, ctx }: WidgetProps) {
  const f = ctx.fixed;
  const max = f?.maxLength ?? f?.column?.length;
  const common = {
    id,
    disabled,
    placeholder,
    onBlur,
    value: value === null || value === undefined ? '' : String(value),
  };
  if (f?.formType === 'textarea')
    return (
      <Input.TextArea {...common} rows={3} maxLength={max} showCount onChange={(e) => onChange?.(e.target.value)} />
    );
  const numeric =
    f?.formType === 'mobile'
      ? 'numeric'
      : f?.formType === 'number' || f?.formType === 'floatnumber'
        ? 'decimal'
        : undefined;
  return (
    <Input
      {...common}
      maxLength={f?.formType === 'mobile' ? 11 : max}
      inputMode={numeric}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** What one section's items need from the form (the same for the first and the later sections). */
export type ItemsContext = {
  widgets: WidgetRegistry;
  level: FieldLevel;
  rules: (field: string) => Rule[];
  flags: Record<string, boolean>;
  /** Values a relative create locks (the parent's customer and contract). */
  locked: ReadonlySet<string>;
  fixedOf: (name: string) => FixedField | undefined;
  t: FormWords;
  base: Omit<WidgetContext, 'field' | 'fixed' | 'label'>;
};

/**
 * One value of the layout under the user's field permission (1 hidden, 2 read-only, 3
 * editable): hidden is not shown; read-only is shown disabled, without rules or the required
 * mark (not the user's to fill; the server refuses changing it).
 */
export function LayoutItem({ field, items }: { field: LayoutField; items: ItemsContext }) {
  const { widgets, level, rules, flags, locked, fixedOf, t, base } = items;
  const gate = field.gatedBy ?? field.field;
  const access = level(gate);
  if (access === 1 || (field.onlyIf && !flags[field.onlyIf])) return null;
  const fixed = fixedOf(field.field);
  const label = t(field.label ?? field.field);
  const writable = access === 3;
  // A value the person never sees (set by another widget) carries no rule: its message could not
  // be read; the schema's check on save puts it under the value that sets it (`fieldOf`).
  if (field.widget === 'hidden')
    return (
      <Form.Item name={field.field} hidden>
        <Input />
      </Form.Item>
    );
  const named = field.widget ? widgets[field.widget] : undefined;
  // A widget the registry lacks is a slip in the kind's layout: say so where it would be.
  if (field.widget && !named) throw new Error(`form widget "${field.widget}" is not registered`);
  const Control: Widget = named ?? PlainInput;
  const item = (
    <Form.Item
      name={field.field}
      label={label}
      required={Boolean(field.required) && writable}
      rules={writable ? rules(gate) : []}
      extra={field.extra ? t(field.extra) : undefined}
      // Typed text is checked when the person leaves it; a choice as it is made.
      validateTrigger={named && field.check !== 'blur' ? ['onChange', 'onBlur'] : 'onBlur'}
      className={`layout-form__item layout-form__item--${field.width ?? 'full'}`}
    >
      <Control
        disabled={!writable || locked.has(field.field) || Boolean(field.lockedIf && flags[field.lockedIf])}
        placeholder={field.placeholder ? t(field.placeholder) : undefined}
        ctx={{ ...base, field, fixed, label }}
      />
    </Form.Item>
  );
  if (!field.when) return item;
  return (
    <ShowWhen name={field.when.field} equals={field.when.equals} shown={level(field.when.field) !== 1}>
      {item}
    </ShowWhen>
  );
}

/** A value shown only while another one of the same form equals something (and is itself shown). */
function ShowWhen({
  name,
  equals,
  shown,
  children,
}: {
  name: string;
  equals: unknown;
  shown: boolean;
  children: ReactNode;
}) {
  const form = Form.useFormInstance();
  const value = Form.useWatch(name, form);
  return shown && value === equals ? children : null;
}

export const sectionId = (key: string) => `layout-form-${key}`;

/** One anchored section: its title as the spec's divider, its values below in rows. */
export function LayoutSectionView({
  section,
  items,
  titled,
}: {
  section: LayoutSection;
  items: ItemsContext;
  titled: boolean;
}) {
  return (
    <section id={sectionId(section.key)} className="layout-form__part" data-section={section.key}>
      {titled && (
        <Divider titlePlacement="start" className="layout-form__section">
          {items.t(section.key)}
        </Divider>
      )}
      <div className="layout-form__row">
        {section.fields.map((f) => (
          <LayoutItem key={f.field} field={f} items={items} />
        ))}
      </div>
    </section>
  );
}
