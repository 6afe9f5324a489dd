import type { FieldDefinition, FormType } from '@crm/shared';
import type { ComponentType } from 'react';
import { FileUploadList } from '@/components/upload';
import {
  CheckboxWidget,
  DateText,
  DateWidget,
  type DisplayProps,
  ListText,
  NumberWidget,
  PlainText,
  SelectWidget,
  TextareaWidget,
  TextWidget,
  type WidgetProps,
} from './basic-widgets';
import { ExpenseItemsDisplay, ExpenseItemsWidget } from './ExpenseItems';
import { DeptField, DeptNames, UserField, UserNames } from './people';
import { relationWidgets } from './relations';
import { TripItemsDisplay, TripItemsWidget } from './TripItems';

// Declared beside the widgets' props, so the widget files need not import this registry.
export type { DisplayProps } from './basic-widgets';

type Entry = {
  input: ComponentType<WidgetProps>;
  display: ComponentType<DisplayProps>;
  /** Takes the whole row of the two-column layout. */
  wide?: boolean;
};

function FileWidget({ value, onChange, disabled }: WidgetProps) {
  return (
    <FileUploadList
      batchId={typeof value === 'string' && value ? value : undefined}
      readOnly={disabled}
      onBatchIdChange={(batchId) => onChange?.(batchId)}
    />
  );
}
const FileDisplay = ({ value }: DisplayProps) => (
  <FileUploadList batchId={typeof value === 'string' && value ? value : undefined} readOnly />
);
const UserDisplay = ({ value }: DisplayProps) => <UserNames value={value} />;
const DeptDisplay = ({ value }: DisplayProps) => <DeptNames value={value} />;
const UserInput = ({ value, onChange, disabled, id }: WidgetProps) => (
  <UserField value={value} onChange={onChange} disabled={disabled} id={id} />
);
const DeptInput = ({ value, onChange, disabled, id }: WidgetProps) => (
  <DeptField value={value} onChange={onChange} disabled={disabled} id={id} />
);

const text: Entry = { input: TextWidget, display: PlainText };

/**
 * The one table of field types: an input and a read-only display per formType, and one per kind
 * others link to (its `link.formType`, relations.tsx). Types that are not here (CRM-only types
 * until the CRM registers them) are skipped by the form and the display alike.
 */
export const fieldWidgets: Partial<Record<string, Entry>> = {
  text,
  number: { input: NumberWidget, display: PlainText },
  floatnumber: { input: NumberWidget, display: PlainText },
  mobile: text,
  email: text,
  textarea: { input: TextareaWidget, display: PlainText, wide: true },
  select: { input: SelectWidget, display: PlainText },
  checkbox: { input: CheckboxWidget, display: ListText },
  date: { input: DateWidget, display: DateText },
  datetime: { input: DateWidget, display: DateText },
  user: { input: UserInput, display: UserDisplay },
  structure: { input: DeptInput, display: DeptDisplay },
  file: { input: FileWidget, display: FileDisplay, wide: true },
  examine_cause: { input: ExpenseItemsWidget, display: ExpenseItemsDisplay, wide: true },
  business_cause: { input: TripItemsWidget, display: TripItemsDisplay, wide: true },
  // Links to the kinds declaring `link` (a contact's customer, a receivable's contract).
  ...relationWidgets,
};

export const isRenderable = (formType: FormType): boolean => fieldWidgets[formType] !== undefined;
