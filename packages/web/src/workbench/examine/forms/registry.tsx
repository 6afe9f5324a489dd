import { type ExamineFormDefinition, type ExpenseKind, emptyGuest, examineFormOf } from '@crm/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ExamineDetail } from '../api';
import { AdditionalOrderDetail } from './AdditionalOrderDetail';
import { BlockDetail, ExpenseDetail } from './details';
import { emptyLine } from './expense-lines';

type FormProps = { def: ExamineFormDefinition };

/**
 * The web half of a dedicated approval type: its form (code-split), its read-only view for the
 * detail drawer and the print sheet, and the block a new form starts from. The type key, the
 * schema and the calls are the shared definition's.
 */
export type WebExamineForm = {
  Form: LazyExoticComponent<ComponentType<FormProps>>;
  Detail: ComponentType<{ detail: ExamineDetail }>;
  empty: () => unknown;
};

const simple = (name: 'GeneralForm' | 'CardReplacementForm' | 'PredictForm' | 'QuitForm' | 'PositiveForm') =>
  lazy(() => import('./SimpleForms').then((m) => ({ default: m[name] })));
const hr = (name: 'PostAdjustForm' | 'PlanningDemandForm') =>
  lazy(() => import('./HrForms').then((m) => ({ default: m[name] })));
const ExpenseForm = lazy(() => import('./ExpenseForm'));
const expense = (kind: ExpenseKind): WebExamineForm => ({
  Form: ExpenseForm,
  Detail: ExpenseDetail,
  empty: () => [emptyLine(kind)],
});

const webForms: Record<string, WebExamineForm> = {
  general: { Form: simple('GeneralForm'), Detail: BlockDetail, empty: () => ({}) },
  leave: { Form: lazy(() => import('./LeaveForm')), Detail: BlockDetail, empty: () => ({}) },
  cardReplacement: { Form: simple('CardReplacementForm'), Detail: BlockDetail, empty: () => ({}) },
  travel: expense('travel'),
  reserveFund: expense('reserveFund'),
  payment: expense('payment'),
  administrative: expense('administrative'),
  problemCustomer: { Form: lazy(() => import('./ProblemCustomerForm')), Detail: BlockDetail, empty: () => ({}) },
  additionalOrder: {
    Form: lazy(() => import('./AdditionalOrderForm')),
    Detail: AdditionalOrderDetail,
    empty: () => [emptyGuest()],
  },
  predict: { Form: simple('PredictForm'), Detail: BlockDetail, empty: () => ({}) },
  quit: { Form: simple('QuitForm'), Detail: BlockDetail, empty: () => ({}) },
  positive: { Form: simple('PositiveForm'), Detail: BlockDetail, empty: () => ({}) },
  postAdjust: { Form: hr('PostAdjustForm'), Detail: BlockDetail, empty: () => ({}) },
  planningDemand: { Form: hr('PlanningDemandForm'), Detail: BlockDetail, empty: () => ({}) },
};

/** A dedicated type's definition with its web parts, or undefined for a custom category. */
export function dedicatedForm(type: string | undefined): (WebExamineForm & { def: ExamineFormDefinition }) | undefined {
  const def = examineFormOf(type);
  const web = type ? webForms[type] : undefined;
  return def && web ? { ...web, def } : undefined;
}
