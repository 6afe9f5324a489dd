export { DATE_FORMAT, DATETIME_FORMAT, type WidgetProps } from './basic-widgets';
export { DynamicDisplay } from './DynamicDisplay';
export { DynamicFormFields, fieldRule } from './DynamicFormFields';
export { expenseTotal } from './ExpenseItems';
export { formatMoney, toChineseMoney } from './money';
export { useDeptLookup, useUserLookup } from './people';
export { type DisplayProps, fieldWidgets, isRenderable } from './registry';
export { tripDays } from './TripItems';
export {
  collectFields,
  emptyExpense,
  emptyTrip,
  type FieldValues,
  fieldAuthLevel,
  fieldError,
  fieldKey,
  idsOf,
  initialValue,
  initialValues,
  isWritableField,
  newBatchId,
  toWire,
} from './values';
