import { contractFormLayout, contractFormSchemaFor, contractKind, type RecordRow } from '@crm/shared';
import type { FormInstance } from 'antd';
import type { KindForm, SaveInput } from '../form/layout/types';
import { emptyProductLines, type ProductLinesValue, toSubmission } from '../product-lines/model';
import { contractApi } from './api';
import {
  customerIdOf,
  type Labelled,
  labelled,
  pickedCustomer,
  reviewedFormBase,
  reviewParts,
  typedFields,
  useContractWords,
  useReviewedSource,
} from './form-source';
import { reviewFormWidgets } from './widgets';

type Loaded = RecordRow | undefined;

// Number, name, money, days and remark as typed; the customer and the opportunity picked.
const typed = typedFields(contractKind, ['customerId']);

const defaults = () => ({ ...typed.empty(), customer: [], business: undefined, productLines: emptyProductLines });

const editValues = (r: RecordRow, productLines: ProductLinesValue) => ({
  ...typed.stored(r),
  customer: pickedCustomer(r),
  business: labelled(r.businessId, r.businessName),
  productLines,
});

/** The form's values as the contract's entity reads them: the picked customer and opportunity as ids. */
const toEntity = (v: Record<string, unknown>) => ({
  ...typed.sent(v),
  customerId: customerIdOf(v.customer) ?? '',
  businessId: (v.business as Labelled | undefined)?.value ?? '',
});

/** Choosing an opportunity brings its products and money into the form (crm-records 4). */
async function takeBusiness(business: Labelled | undefined, form: FormInstance) {
  if (!business) return;
  const answer = await contractApi.businessProducts(business.value);
  form.setFieldsValue({
    productLines: {
      lines: answer.list,
      discountRate: answer.discountRate,
      totalPrice: answer.money,
    } satisfies ProductLinesValue,
    money: String(answer.money),
  });
}

const useContractSource = (recordId: number | undefined, open: boolean) =>
  useReviewedSource('contract', recordId, open, editValues);

/** `CrmContract/saveAndUpdate`: the entity with its product totals, the custom values, the lines, the review part. */
async function saveContract({ sent, values, editing, recordId, batchId, custom, review }: SaveInput<Loaded>) {
  const lines = toSubmission((values.productLines as ProductLinesValue | undefined) ?? emptyProductLines);
  const part = reviewParts(review);
  const answer = await contractApi.saveContract({
    entity: { ...sent, ...lines.totals, batchId, ...(editing ? { contractId: recordId } : {}), ...part.entity },
    field: custom ?? [],
    product: lines.product,
    ...part.body,
  });
  return answer.id;
}

/**
 * The contract create/edit form (crm-records 2–4): the generic layout form with the contract's
 * declaration (shared `contractFormLayout`), checked with the shared schema; the review block
 * comes with the kind's `review`. A relative create from a customer's or an opportunity's 合同 tab
 * presets (and locks) the customer and the opportunity, whose products and money it takes.
 */
const contractForm: KindForm<Loaded> = {
  layout: contractFormLayout,
  useWords: useContractWords,
  ...reviewedFormBase,
  widgets: reviewFormWidgets,
  useSource: useContractSource,
  defaults,
  schema: contractFormSchemaFor,
  toInput: toEntity,
  fieldOf: { customerId: 'customer', businessId: 'business' },
  save: saveContract,
  onValuesChange: (changed, form) => {
    // The opportunity belongs to the customer: another customer empties it.
    if ('customer' in changed) form.setFieldValue('business', undefined);
    if ('business' in changed) void takeBusiness(changed.business as Labelled | undefined, form);
  },
  onPreset: (preset, form) => void takeBusiness(preset.business as Labelled | undefined, form),
};
export default contractForm;
