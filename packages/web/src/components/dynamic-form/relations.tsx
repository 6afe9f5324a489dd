import { linkableKinds, linkPrefixOf, type RecordKind } from '@crm/shared';
import { Input } from 'antd';
import { useState } from 'react';
import { RecordLinkPicker, useRecordNames } from '@/components/record-picker';
import type { DisplayProps, WidgetProps } from './basic-widgets';
import { useDynamicFormMessages } from './messages';

/**
 * The CRM relation fields a form can fill, by formType: every kind declaring `link` (issue 27),
 * with its call prefix. The value is the chosen record's id (crm-records §3: reference fields
 * send the item's id).
 */
const relationKinds = new Map<string, { kind: RecordKind; prefix: string }>(
  linkableKinds.map((kind) => [kind.link!.formType, { kind, prefix: linkPrefixOf(kind) }]),
);
const relationOf = (type: string) => relationKinds.get(type)!;

const idOf = (value: unknown): number | undefined => {
  const n = Number(value);
  return value !== '' && value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The linked record's name: `known` when the caller has it, else fetched by id (its detail call). */
function useRelationName(type: string, value: unknown, known?: string): string {
  const { kind, prefix } = relationOf(type);
  const id = idOf(value);
  const [named] = useRecordNames(kind, prefix, id ? [{ id, name: known ?? '' }] : []);
  return named?.name ?? '';
}

/** One linked record: its name in a read-only box that opens the link picker (single select). */
function RelationInput({ field, value, onChange, id, disabled }: WidgetProps) {
  const t = useDynamicFormMessages();
  const type = field.formType;
  const { kind, prefix } = relationOf(type);
  const [open, setOpen] = useState(false);
  const name = useRelationName(type, value);
  const chosen = idOf(value);
  return (
    <>
      <Input
        id={id}
        readOnly
        disabled={disabled}
        value={name}
        placeholder={field.inputTips || t('choose', { name: field.name })}
        onClick={() => !disabled && setOpen(true)}
        allowClear={!disabled}
        onChange={(e) => e.target.value === '' && onChange?.(null)}
        data-testid={`relation-input-${type}`}
      />
      {open && (
        <RecordLinkPicker
          open
          kind={kind}
          prefix={prefix}
          single
          value={chosen ? [{ id: chosen, name }] : []}
          onCancel={() => setOpen(false)}
          onConfirm={(picked) => {
            setOpen(false);
            onChange?.(picked[0]?.id ?? null);
          }}
        />
      )}
    </>
  );
}

/**
 * A linked record's name, read from the record itself when it carries it (`customerId` →
 * `customerName`, a list's computed column): a reader who may see this record but not the linked
 * one (a contract's approver outside the customer's scope) still reads the name.
 */
function RelationDisplay({ field, value, values }: DisplayProps) {
  // Only a fixed link (`customerId`) has a carried name; a custom field's key names nothing else.
  const carried = field.fieldName?.endsWith('Id') ? values?.[field.fieldName.replace(/Id$/, 'Name')] : undefined;
  const name = useRelationName(field.formType, value, typeof carried === 'string' && carried ? carried : undefined);
  return <span>{name || '—'}</span>;
}

/** A widget per linkable kind's form type: a kind declaring `link` is all a relation field costs. */
export const relationWidgets: Record<string, { input: typeof RelationInput; display: typeof RelationDisplay }> =
  Object.fromEntries(
    [...relationKinds.keys()].map((type) => [type, { input: RelationInput, display: RelationDisplay }]),
  );
