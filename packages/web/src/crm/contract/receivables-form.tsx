import { type RecordRow, receivablesFormLayout, receivablesFormSchemaFor, receivablesKind } from '@crm/shared';
import type { KindForm, SaveInput } from '../form/layout/types';
import { contractApi } from './api';
import {
  customerIdOf,
  type Labelled,
  labelled,
  pickedCustomer,
  reviewedFormBase,
  reviewParts,
  typedFields,
  useReceivablesWords,
  useReviewedSource,
} from './form-source';
import { reviewFormWidgets } from './widgets';

type Loaded = RecordRow | undefined;

// Number, day, money, method and remark as typed; the customer, contract and plan picked.
const typed = typedFields(receivablesKind, ['customerId', 'contractId', 'planId']);

const defaults = () => ({ ...typed.empty(), customer: [], contract: undefined, plan: undefined });

const editValues = (r: RecordRow) => ({
  ...typed.stored(r),
  customer: pickedCustomer(r),
  contract: labelled(r.contractId, r.contractNum),
  plan: labelled(r.planId, r.planNum),
});

/** The form's values as the receivable's entity reads them: the picked customer, contract and plan as ids. */
const toEntity = (v: Record<string, unknown>) => ({
  ...typed.sent(v),
  customerId: customerIdOf(v.customer) ?? '',
  contractId: (v.contract as Labelled | undefined)?.value ?? '',
  planId: (v.plan as Labelled | undefined)?.value ?? '',
});

const useReceivablesSource = (recordId: number | undefined, open: boolean) =>
  useReviewedSource('receivables', recordId, open, editValues);

/** `CrmReceivables/saveOrUpdate`: the entity, the custom values and the review part. */
async function saveReceivables({ sent, editing, recordId, batchId, custom, review }: SaveInput<Loaded>) {
  const part = reviewParts(review);
  const answer = await contractApi.saveReceivables({
    entity: { ...sent, batchId, ...(editing ? { receivablesId: recordId } : {}), ...part.entity },
    field: custom ?? [],
    ...part.body,
  });
  return answer.id;
}

/**
 * The receivable create/edit form (crm-records 2–4): the generic layout form with the
 * receivable's declaration (shared `receivablesFormLayout`); the contract waits for the customer
 * and the plan for the contract. A relative create from a contract's 回款 tab presets (and locks)
 * its customer and the contract.
 */
const receivablesForm: KindForm<Loaded> = {
  layout: receivablesFormLayout,
  useWords: useReceivablesWords,
  ...reviewedFormBase,
  widgets: reviewFormWidgets,
  useSource: useReceivablesSource,
  defaults,
  schema: receivablesFormSchemaFor,
  toInput: toEntity,
  fieldOf: { customerId: 'customer', contractId: 'contract', planId: 'plan' },
  save: saveReceivables,
  // crm-records 4: another customer empties the contract and the plan; another contract the plan.
  onValuesChange: (changed, form) => {
    if ('customer' in changed) form.setFieldsValue({ contract: undefined, plan: undefined });
    else if ('contract' in changed) form.setFieldValue('plan', undefined);
  },
};
export default receivablesForm;
