import { z } from 'zod';
import { idField, idList, intEnum, nullableId, optionalId, optionalText, requiredText } from '../schemas/fields.ts';
import { fillableOnlyFields, fixedShape } from './derive.ts';
import { commonScenes, ModuleCode, type RecordKind } from './kind.ts';
import { originalSaveBody } from './original.ts';
import { customFieldValues, defaultOnCreate, formBatchId, requiredIfFillable } from './schemas.ts';

/**
 * Products (module 4, crm-records §3, §7 "Product"): the catalogue the product lines of
 * opportunities and contracts pick from. A product belongs to a category; on shelf (status 1)
 * or off (0). Everyone with the list permission sees the whole catalogue (no owner scope).
 */
export const ProductMsg = {
  notFound: '产品不存在',
  nameRequired: '请输入产品名称',
  categoryRequired: '请选择产品类别',
  categoryMissing: '产品类别不存在',
  priceRequired: '请输入标准价格',
  priceInvalid: '货币的整数部分须少于10位，小数部分须少于2位',
  statusInvalid: '上架状态有误',
  categoryNameRequired: '请输入类别名称',
  categoryNameTaken: '同级下已有同名类别',
  categoryParentMissing: '上级类别不存在',
  categoryParentSelf: '上级类别不能是自己或下级类别',
  categoryHasProducts: '该类别下有产品，不能删除',
  categoryHasChildren: '该类别下有子类别，请先删除子类别',
  inUse: '产品已被商机或合同使用，不能删除',
} as const;

export const productKind = {
  key: 'product',
  label: ModuleCode.product,
  name: '产品',
  nameEn: 'Product',
  permission: 'crm:product',
  table: 'crm_product',
  idField: 'productId',
  nameField: 'name',
  searchFields: ['num'],
  fixedFields: [
    {
      fieldName: 'name',
      column: { type: 'varchar' },
      requiredMsg: ProductMsg.nameRequired,
      name: '产品名称',
      nameEn: 'Name',
      formType: 'text',
      isNull: 1,
      isUnique: 0,
      maxLength: 100,
    },
    {
      fieldName: 'categoryId',
      column: { type: 'integer' },
      fillableOnly: true,
      requiredMsg: ProductMsg.categoryRequired,
      name: '产品类别',
      nameEn: 'Category',
      formType: 'category',
      isNull: 1,
      isUnique: 0,
      named: { carried: 'categoryName', table: 'crm_product_category', idColumn: 'category_id', nameColumn: 'name' },
    },
    {
      fieldName: 'num',
      column: { type: 'varchar', nullable: true },
      name: '产品编码',
      nameEn: 'Code',
      formType: 'text',
      isNull: 0,
      isUnique: 1,
      maxLength: 50,
    },
    {
      fieldName: 'unit',
      column: { type: 'varchar' },
      name: '单位',
      nameEn: 'Unit',
      formType: 'text',
      isNull: 0,
      isUnique: 0,
      maxLength: 20,
    },
    {
      fieldName: 'price',
      column: { type: 'numeric(14, 2)', nullable: true },
      fillableOnly: true,
      requiredMsg: ProductMsg.priceRequired,
      name: '标准价格',
      nameEn: 'Price',
      formType: 'floatnumber',
      isNull: 1,
      isUnique: 0,
    },
    {
      fieldName: 'status',
      column: { type: 'smallint' },
      name: '是否上架',
      nameEn: 'On shelf',
      formType: 'select',
      isNull: 1,
      isUnique: 0,
      options: ['上架', '下架'],
      codes: { 上架: 1, 下架: 0 },
    },
    {
      fieldName: 'description',
      column: { type: 'text' },
      name: '产品描述',
      nameEn: 'Description',
      formType: 'textarea',
      isNull: 0,
      isUnique: 0,
    },
  ],
  readColumns: [{ key: 'categoryName', name: '产品类别', nameEn: 'Category' }],
  // Spec 3.8: name, unit, price, categoryName, on/off-shelf flag.
  defaultColumns: ['name', 'unit', 'price', 'categoryName', 'status'],
  systemScenes: [
    commonScenes[0]!,
    { key: 'onShelf', name: '上架的产品', nameEn: 'On shelf' },
    { key: 'offShelf', name: '下架的产品', nameEn: 'Off shelf' },
  ],
  features: { team: false, followUps: false, attachments: true, transfer: false },
} as const satisfies RecordKind;

const TWO_DECIMALS = /^\d{1,9}(\.\d{1,2})?$/;
/** floatnumber (crm-records §5): integer part under 10 digits, at most 2 decimals. */
export function moneyField<R extends string | null>(
  required: R,
  invalid: string,
): z.ZodType<R extends string ? number : number | undefined, unknown> {
  const money = z
    .string({ error: required ?? invalid })
    .regex(TWO_DECIMALS, { error: invalid })
    .transform(Number);
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? String(v) : v),
    required ? money : money.optional(),
  ) as unknown as z.ZodType<R extends string ? number : number | undefined, unknown>;
}

/**
 * Product fields required of whoever may fill them (docs/api/fields.md): hidden or read-only, they
 * are not required of the user; an update keeps them, a create leaves the price unknown (null).
 * The category is a link: a new product still needs one.
 */
export const productRequiredFields = fillableOnlyFields(productKind);

/** `CrmProduct/saveAndUpdate`: `{entity, field}`; status 1 on shelf, 0 off (the column's default when left out). */
const productSaveBody = z.object({
  entity: z.object({
    productId: optionalId(ProductMsg.notFound),
    ...fixedShape(productKind, {
      price: requiredIfFillable(moneyField(ProductMsg.priceRequired, ProductMsg.priceInvalid)),
      status: defaultOnCreate(intEnum([0, 1] as const, ProductMsg.statusInvalid)),
      // A text column: the limit is the save's own.
      description: optionalText({ label: '产品描述', max: 1000, multiline: true }),
    }),
    batchId: formBatchId,
  }),
  field: customFieldValues,
});
/** The same call as the original client's forms send it (records/original.ts). */
export const productSaveSchema = originalSaveBody(productKind, productSaveBody);
export type ProductSaveInput = z.infer<typeof productSaveSchema>;

/** `CrmProduct/updateStatus`: put products on (1) or off (0) the shelf. */
export const productStatusSchema = z.object({
  ids: idList(ProductMsg.notFound).refine((ids) => ids.length > 0, { error: ProductMsg.notFound }),
  status: intEnum([0, 1] as const, ProductMsg.statusInvalid),
});

/** Product categories: a tree (categoryId, label, children), spec 2 "Product picker". */
export const productCategorySaveSchema = z.object({
  categoryId: optionalId(ProductMsg.categoryMissing),
  name: requiredText({ label: '类别名称', max: 50 }, ProductMsg.categoryNameRequired),
  pid: nullableId(ProductMsg.categoryParentMissing).default(null),
});
export const productCategoryIdSchema = z.object({ id: idField(ProductMsg.categoryMissing) });

export type ProductCategoryNode = {
  categoryId: number;
  label: string;
  pid: number | null;
  children: ProductCategoryNode[];
};
export const productCategoryTreeResponse: z.ZodType<ProductCategoryNode[]> = z.array(
  z.object({
    categoryId: z.number(),
    label: z.string(),
    pid: z.number().nullable(),
    get children() {
      return productCategoryTreeResponse;
    },
  }),
);
