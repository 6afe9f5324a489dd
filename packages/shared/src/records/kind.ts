import type { FieldDefinition, FormType } from '../fields/field-types.ts';

/**
 * The record-kind layer: a CRM kind is a definition, not a copy of another kind's code. The
 * server's field store, list builder, detail loader, team, follow-ups, scenes, column settings and
 * operation log, and the web's list, detail, overlay and designer, all read these descriptors.
 */

/**
 * Module codes (DECISIONS "CRM"): the `label` of a kind's field definitions and the kind column of
 * the tables every kind shares (team, follow-ups, scenes, columns, operation log). 1–10 are the
 * original's; 11 is ours for shops, which the original kept outside its CRM modules.
 */
export const ModuleCode = {
  leads: 1,
  customer: 2,
  contacts: 3,
  product: 4,
  business: 5,
  contract: 6,
  receivables: 7,
  receivablesPlan: 8,
  pool: 9,
  examine: 10,
  store: 11,
} as const;
export type ModuleCode = (typeof ModuleCode)[keyof typeof ModuleCode];

/**
 * A fixed field: an entity property (fieldType 1) with a column of its own in the kind's table.
 * Its value is checked by the kind's own request schema (the customer panel sends booleans for
 * its 是/否 choices); `formType` tells the designer, the list filters and the displays its type.
 */
export type FixedField = {
  /** The property on the wire (camelCase) and the key of its value. */
  fieldName: string;
  name: string;
  nameEn: string;
  formType: FormType;
  /** 1: required. */
  isNull: 0 | 1;
  /** 1: unique among the kind's records. */
  isUnique: 0 | 1;
  options?: string[];
  /**
   * Option words → the wire values the kind stores, where it stores codes (性别 男 → 1, 是 → true).
   * Lists, filters, exports and imports translate through it, so a sheet reads like the screen.
   */
  codes?: FieldCodes;
  /**
   * An id a person reads as a name (所属门店 holds the shop's id): the name the rows carry beside it
   * and the table an import finds the id in by that name.
   */
  named?: { carried: string; table: string; idColumn: string; nameColumn: string };
  maxLength?: number;
  inputTips?: string;
  /** The save's answer to a required field left empty, where it is not `<名称>不能为空` (请输入商机名称). */
  requiredMsg?: string;
  /** The save's answer to a value of the wrong form (手机, 邮箱), where it is not `<名称>格式有误`. */
  invalidMsg?: string;
  /**
   * Required of whoever may fill it only (docs/api/fields.md): hidden from the user or read-only,
   * an update keeps the stored value. The save schema relaxes it and `ServerKind.required` lists it.
   */
  fillableOnly?: true;
  /**
   * The field's column in the kind's table, declared here once: the server's column map is derived
   * from it and a test holds the Drizzle table to it (docs/decisions.md "Record kinds").
   */
  column: FieldColumn;
};

/** The SQL types a fixed field's column takes, as Drizzle names them (varchar's length aside). */
export type ColumnType =
  | 'varchar'
  | 'text'
  | 'integer'
  | 'smallint'
  | 'boolean'
  | 'date'
  | 'numeric(12, 2)'
  | 'numeric(14, 2)';

export type FieldColumn = {
  type: ColumnType;
  /** The SQL name where it is not the snake_case of the field name (a shop's 联系方式 is `phone`). */
  name?: string;
  /** A varchar's length where it is not the field's `maxLength` (a file address, a day kept as text). */
  length?: number;
  /** The column takes null: a number or day left empty, a code assigned later. */
  nullable?: true;
};

/** How lists compare a column's values: numbers as numbers, booleans as booleans, the rest as text. */
export type ColumnCompare = 'text' | 'number' | 'boolean';

const compareOf: Record<ColumnType, ColumnCompare> = {
  varchar: 'text',
  text: 'text',
  date: 'text',
  integer: 'number',
  smallint: 'number',
  'numeric(12, 2)': 'number',
  'numeric(14, 2)': 'number',
  boolean: 'boolean',
};

/** camelCase → snake_case: the default SQL name of a field's column. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A fixed field's column as the server reads it: its SQL name, SQL type (with length) and comparison. */
export function columnOf(f: FixedField): { column: string; sqlType: string; nullable: boolean; type: ColumnCompare } {
  const c = f.column;
  const length = c.length ?? f.maxLength;
  return {
    column: c.name ?? snakeCase(f.fieldName),
    sqlType: c.type === 'varchar' ? `varchar(${length ?? ''})` : c.type,
    nullable: c.nullable === true,
    type: compareOf[c.type],
  };
}

/** Option words → wire values of a coded choice. */
export type FieldCodes = Record<string, string | number | boolean>;

/** The words 是/否 of a boolean choice. */
export const yesNoCodes: FieldCodes = { 是: true, 否: false };

/**
 * Columns every record of a kind has besides its fields, which lists can show, sort and filter
 * on: owner and creator (names on the wire), times, and the next follow-up time.
 */
export const systemColumns = [
  { key: 'ownerUserName', name: '负责人', nameEn: 'Owner', type: 'text' },
  { key: 'createUserName', name: '创建人', nameEn: 'Created by', type: 'text' },
  { key: 'createTime', name: '创建时间', nameEn: 'Created', type: 'date' },
  { key: 'updateTime', name: '更新时间', nameEn: 'Updated', type: 'date' },
  { key: 'nextTime', name: '下次联系时间', nameEn: 'Next contact', type: 'date' },
] as const;
export type SystemColumnKey = (typeof systemColumns)[number]['key'];

/**
 * System scenes (DECISIONS "CRM": per kind, cannot be deleted): all I may see, mine, my
 * subordinates', where I am a team member, plus a kind's own (leads converted, product on/off shelf).
 */
export type SystemSceneKey =
  | 'all'
  | 'mine'
  | 'subordinates'
  | 'member'
  | 'converted'
  | 'onShelf'
  | 'offShelf'
  // The workbench's CRM to-dos (CrmBackLog/num): each tile opens its scene, and counts it.
  | 'followUp'
  | 'toReview'
  | 'expiring'
  | 'expired'
  | 'planDue'
  | 'contactToday'
  | 'notFollowed';
export type SystemScene = { key: SystemSceneKey; name: string; nameEn: string };

export const commonScenes: SystemScene[] = [
  { key: 'all', name: '全部', nameEn: 'All' },
  { key: 'mine', name: '我负责的', nameEn: 'Mine' },
  { key: 'subordinates', name: '下属负责的', nameEn: "My team's" },
  { key: 'member', name: '我参与的', nameEn: 'I take part in' },
];

export type RecordKind = {
  /** Key in code and in the permission tree (`crm:<key>:save`). */
  key: string;
  label: ModuleCode;
  /** Title words (新建客户, 编辑客户) and the menu. */
  name: string;
  nameEn: string;
  /** The permission realm; its actions are the leaves of the permission tree. */
  permission: `crm:${string}`;
  /** The kind's own table and its id column; the id travels as `idField` (customerId). */
  table: string;
  idField: string;
  /** The field shown as the record's name in pickers, links and the detail header (spec 2: relation picker). */
  nameField: string;
  /**
   * Fixed fields a list's search looks in besides the name and its pinyin: a customer by phone, a
   * contract by number. Never one hidden from the viewer (a search must not tell what it hides).
   */
  searchFields?: string[];
  /** Permissions besides the kind's `index` that read its records (the pool's readers read customers). */
  alsoReadBy?: string[];
  fixedFields: FixedField[];
  /** The list's columns before a user arranges their own (spec 3.8): field names or system columns. */
  defaultColumns: string[];
  systemScenes: SystemScene[];
  /**
   * What the shared machinery offers for the kind. `products`: the save takes product lines
   * (`product: [...]` with the entity's totalPrice and discountRate, records/product-lines.ts) and
   * the detail shows a 产品 tab.
   */
  features: { team: boolean; followUps: boolean; attachments: boolean; transfer: boolean; products?: boolean };
  /**
   * Read-only columns the server computes for lists and the detail from linked records (an
   * opportunity's customerName, a contract's received money): listed, sortable and filterable like
   * fixed fields, never saved by the form; default columns may name them.
   */
  readColumns?: { key: string; name: string; nameEn: string; codes?: FieldCodes }[];
  /**
   * The call that gives records a new owner, `transfer` unless named. Leads name
   * `changeOwnerUser`: their `transfer` converts them into customers, as in the original.
   */
  transferCall?: string;
  /**
   * Fields whose access comes from permissions of the kind's realm rather than the field
   * permission table (the customer's ID image: `lookIdCardUrl`, `editIdCardUrl`): without the
   * look action a role has the field hidden, without the edit action read-only.
   */
  permissionFields?: Record<string, { look: string; edit: string }>;
  /**
   * Records of other kinds that may follow this kind's records to a new owner when the transfer
   * names them in `carry` (a customer's opportunities and contracts): `key` the carried kind,
   * `changeType` the original client's code for it. The transfer schema accepts these alone, and
   * the web's 转移 offers them by the carried kind's name.
   */
  transferCarry?: readonly { key: string; changeType: string }[];
  /**
   * Others link to this kind (issue 27): a field of this form type holds one of its records' ids,
   * and an approval's related business names them as `<key>Ids`. The Excel columns, the approval
   * check and the forms find the linked kind by it; nothing else names the kind.
   */
  link?: {
    /** The linking fields' form type: a built-in name (`customer`) or any other lower-case one. */
    formType: string;
    /** The prefix of the kind's calls the link picker uses, `Crm<Key>` unless given. */
    prefix?: string;
  };
  /**
   * Review on the approval engine (contracts, receivables): `categoryType` is the kind's number in
   * the flow calls (`queryExaminStep`), `subject` its subject type in the engine, `category` the
   * type of its system approval category. A reviewer of a record may read it (server access.ts).
   */
  review?: { categoryType: number; subject: string; category: string };
  /**
   * The original WuKong client's names of fixed fields where they are not the snake_case of ours
   * (leads: `leads_name` is `name`); records/original.ts reads its create forms with them.
   */
  originalNames?: Record<string, string>;
};

/** The fixed fields as field definitions (fieldType 1), the shape the designer and the dynamic form read. */
export function fixedDefinitions(kind: RecordKind): (FieldDefinition & { fieldName: string; fieldType: 1 })[] {
  return kind.fixedFields.map((f) => ({
    fieldName: f.fieldName,
    name: f.name,
    formType: f.formType,
    isNull: f.isNull,
    isUnique: f.isUnique,
    options: f.options ?? [],
    inputTips: f.inputTips ?? '',
    ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
    fieldType: 1 as const,
  }));
}

/** The coded fields of a kind (fixed and read columns): field → option words → wire values. */
export function kindCodes(kind: RecordKind): Record<string, FieldCodes> {
  const out: Record<string, FieldCodes> = {};
  for (const f of [...kind.fixedFields, ...(kind.readColumns ?? [])]) {
    const key = 'fieldName' in f ? f.fieldName : f.key;
    if (f.codes) out[key] = f.codes;
  }
  return out;
}

/** A coded field's word for a wire value (the value itself when it is no code of the field). */
export function wordOfCode(codes: FieldCodes | undefined, value: unknown): unknown {
  if (!codes) return value;
  const hit = Object.entries(codes).find(([, v]) => v === value || String(v) === String(value));
  return hit ? hit[0] : value;
}

/** A coded field's wire value for a word (the word itself when it is none of the field's). */
export function codeOfWord(codes: FieldCodes | undefined, word: unknown): unknown {
  if (!codes || typeof word !== 'string' || !Object.hasOwn(codes, word)) return word;
  return codes[word];
}
