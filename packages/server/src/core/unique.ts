import {
  BusinessMsg,
  CallMsg,
  CatalogueMsg,
  CheckMsg,
  clinicSettingsKinds,
  DictMsg,
  HrApplyMsg,
  MemberCardMsg,
  MoneyMsg,
  Msg,
  ProductMsg,
  QuizMsg,
  RecordMsg,
  ResultCode,
  TaskLabelMsg,
  WardMsg,
} from '@crm/shared';
import type { Tx } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Unique violations (PostgreSQL 23505) as answers. Every uniqueness the product promises is a
 * unique index; the application's pre-check gives the friendly answer, and when two requests pass
 * the pre-check together the index refuses the second one. That refusal must read like the
 * pre-check's, so every unique index is named here with the answer its pre-check gives, or listed
 * as internal (a race the code resolves itself, or a value no request chooses). `unique.test.ts`
 * fails on a unique index of the database that is in neither list.
 */

type Answer = { code: number; msg: string };
const taken = (msg: string): Answer => ({ code: ResultCode.conflict, msg });
const refused = (msg: string): Answer => ({ code: ResultCode.badRequest, msg });

/** Index or constraint name → the pre-check's answer. */
export const uniqueAnswers: Record<string, Answer> = {
  crm_contract_num_uq: taken('合同编号已存在'),
  crm_receivables_number_uq: taken('回款编号已存在'),
  crm_product_num_uq: taken('产品编码已存在'),
  crm_product_category_name_uq: taken(ProductMsg.categoryNameTaken),
  crm_scene_name_idx: taken(RecordMsg.sceneNameTaken),
  crm_business_type_name_unique: taken(BusinessMsg.typeNameTaken),
  sys_user_username_uq: refused(Msg.usernameTaken),
  sys_role_name_uq: refused(Msg.roleNameTaken),
  sys_dict_type_code_uq: refused(DictMsg.codeTaken),
  sys_dict_item_value_uq: refused(DictMsg.valueTaken),
  oa_examine_hr_apply_examine_uq: refused(HrApplyMsg.alreadyApplied),
  // Clinic: project catalogue.
  crm_project_class_name_uq: taken(CatalogueMsg.classNameTaken),
  crm_project_code_uq: taken(CatalogueMsg.codeTaken),
  crm_body_part_name_uq: taken(CatalogueMsg.partNameTaken),
  crm_project_convert_class_name_uq: taken(CatalogueMsg.convertNameTaken),
  // Clinic settings (issue 22): each kind's unique keys, with its declaration's message.
  ...Object.fromEntries(clinicSettingsKinds.flatMap((k) => (k.unique ?? []).map((u) => [u.index, taken(u.msg)]))),
  // The clinic's money path (issue 22): the charge check refuses a repeated method first.
  clinic_payment_method_uq: refused(MoneyMsg.methodRepeated),
  // Inpatients (issue 23, h-ward): the bed's and the visit's locks refuse first; the index settles any race.
  clinic_bed_number_uq: taken(WardMsg.numberTaken),
  clinic_admission_bed_open_uq: refused(WardMsg.bedTaken),
  clinic_admission_visit_open_uq: refused(WardMsg.visitInWard),
  // 会员卡号 (issue 23, h-visit23): setCardNumber's pre-check answers the same.
  clinic_customer_account_card_uq: taken(MemberCardMsg.taken),
  // Task labels (issue 20).
  oa_task_label_name_uq: taken(TaskLabelMsg.nameTaken),
  // Supervision (issue 25, h-check).
  oa_check_template_name_uq: taken(CheckMsg.templateNameTaken),
  // Quizzes (issue 25, h-quiz): the save checks the name first; the index settles a race.
  quiz_bank_name_uq: taken(QuizMsg.bankNameTaken),
  // The call centre (issue 25, h-call): the pre-checks answer the same; the indexes settle a race.
  crm_call_exten_uq: taken(CallMsg.extenExists),
  crm_call_exten_user_uq: taken(CallMsg.extenTaken),
  crm_call_log_live_uq: refused(CallMsg.busy),
};

/**
 * Unique indexes no request is refused by in practice, each with why: should one fire anyway, the
 * answer is the generic `Msg.alreadyExists`, never a 500.
 */
export const internalUniqueIndexes: Record<string, string> = {
  // A client's batch id: the creates insert with ON CONFLICT and answer the first record.
  crm_business_batch_id_unique: 'batch',
  // Clinic: project catalogue (a create answers the project its batch made).
  crm_project_batch_uq: 'batch',
  crm_contacts_batch_id_unique: 'batch',
  crm_contract_batch_id_unique: 'batch',
  crm_customer_batch_id_unique: 'batch',
  crm_leads_batch_id_unique: 'batch',
  crm_product_batch_id_unique: 'batch',
  crm_receivables_batch_id_unique: 'batch',
  crm_store_batch_id_unique: 'batch',
  crm_follow_record_batch_uq: 'batch',
  crm_customer_agency_batch_uq: 'batch',
  oa_announcement_batch_uq: 'batch',
  // Meal orders (issue 25, h-meals): a menu slot is upserted; an order inserts with ON CONFLICT
  // and answers the order already there (a double click), refusing only one at another store.
  oa_meal_menu_slot_uq: 'upsert',
  oa_meal_order_person_uq: 'batch',
  // Feedback (issue 25, h-feedback): the dialog's batch, inserted with ON CONFLICT.
  sys_feedback_batch_uq: 'batch',
  // Supervision (issue 25, h-check): the plan form's batch, inserted with ON CONFLICT.
  oa_check_plan_batch_uq: 'batch',
  // Quizzes (issue 25, h-quiz): batches, the one attempt a person has (ON CONFLICT), items numbered in one insert.
  quiz_question_batch_uq: 'batch',
  quiz_batch_uq: 'batch',
  quiz_attempt_taker_uq: 'the attempt is found or created with ON CONFLICT',
  quiz_item_seq_uq: "a quiz's items are numbered in the one insert that creates them",
  // Declaration forms (issue 25, h-decl): a task's batch; one submission per task and person (ON CONFLICT).
  decl_task_batch_uq: 'batch',
  decl_submission_user_uq: 'the submission is found or created with ON CONFLICT',
  oa_event_batch_uq: 'batch',
  oa_examine_batch_uq: 'batch',
  oa_log_batch_uq: 'batch',
  oa_plan_batch_uq: 'batch',
  oa_task_batch_uq: 'batch',
  // An import job's upload batch: a second start of one upload answers the first job (ON CONFLICT).
  crm_import_job_batch_idx: 'batch',
  chat_message_client_uq: 'batch: the client message id, inserted with ON CONFLICT',
  // Numbers and names the server hands out under a lock, and upserts.
  crm_receivables_plan_num_uq: "numbered under the contract's row lock",
  crm_field_name_uq: "field keys handed out under the set's advisory lock",
  crm_achievement_obj_uidx: 'targets are upserted',
  oa_position_user_time_uq: 'positions are upserted',
  examine_record_subject_uq: 'one review per record, written by the approval engine under the record lock',
  chat_conversation_pair_uq: 'the pair conversation is found or created with ON CONFLICT',
  chat_friend_request_waiting_uq: 'a waiting request is found or created with ON CONFLICT',
  // Random values.
  sys_session_token_uq: 'a random token',
  sys_open_link_token_uq: 'a random token (open links)',
  clinic_coupon_code_uq: 'a random coupon code (issueCoupon draws again)',
  clinic_coupon_source_uq: 'one coupon per source and rule (issueCoupon answers the first)',
  // 顾客评价 (issue 25, h-coupons).
  clinic_review_treatment_uq: 'one review per treatment (the submit inserts ON CONFLICT and answers 顾客已评价)',
  sys_file_key_uq: 'a random storage key',
  // The call centre (issue 25, h-call).
  crm_call_log_call_uq: 'a random call id',
  // The clinic's money path (issue 22): batch ids and idempotency keys, inserted with ON CONFLICT
  // (a retry answers the first row); numbers handed out under the day's sequence row.
  clinic_order_batch_uq: 'batch',
  clinic_treatment_batch_uq: 'batch',
  clinic_refund_batch_uq: 'batch',
  clinic_conversion_batch_uq: 'batch',
  // A free repair's deal (h-convert): the repair answers the deal its batch made.
  crm_deal_record_batch_uq: 'batch',
  clinic_balance_ledger_key_uq: 'idempotency key: postBalance answers the first row',
  clinic_arrears_key_uq: 'idempotency key: postArrears answers the first row',
  clinic_performance_key_uq: 'idempotency key: postPerformance skips rows already written',
  // Statistics' day summary (issue 24, h-bisum): its triggers upsert the key (ON CONFLICT … DO UPDATE).
  clinic_performance_day_uq: 'summary key: upserted by the clinic_performance triggers',
  clinic_performance_user_day_uq: 'summary key: upserted by the clinic_performance triggers',
  // The follow-up and contract summaries (issue 24 at full size, h-follow): upserted by their folds.
  crm_follow_day_uq: 'summary key: upserted by the crm_follow_record triggers',
  crm_follow_user_day_uq: 'summary key: upserted by the crm_follow_record triggers',
  crm_follow_month_uq: 'summary key: upserted by the crm_follow_record triggers',
  crm_follow_user_month_uq: 'summary key: upserted by the crm_follow_record triggers',
  crm_contract_day_uq: 'summary key: upserted by the crm_contract triggers',
  crm_product_line_day_uq: 'summary key: upserted by the crm_contract and crm_product_line triggers',
  // h-contract: the contracts' months and the receivables' days and months, upserted by their folds.
  crm_contract_month_uq: 'summary key: upserted by the crm_contract triggers',
  crm_receivables_day_uq: 'summary key: upserted by the crm_receivables triggers',
  crm_receivables_month_uq: 'summary key: upserted by the crm_receivables triggers',
  // h-money's summaries (issue 24): upserted by their deferred folds.
  clinic_performance_dept_shop_day_uq: 'summary key: upserted by the clinic_performance triggers',
  clinic_performance_project_day_uq: 'summary key: upserted by the clinic_performance triggers',
  clinic_buyer_count_uq: 'summary key: upserted by the clinic_performance triggers',
  clinic_deal_hour_uq: 'summary key: upserted by the deal records triggers',
  // The customers' summaries (issue 24, h-cust): the fold upserts their keys (ON CONFLICT … DO UPDATE).
  crm_customer_day_uq: 'summary key: upserted by the crm_customer triggers',
  crm_customer_month_uq: 'summary key: upserted by the crm_customer triggers',
  crm_customer_field_month_uq: 'summary key: upserted by the crm_customer triggers',
  clinic_deal_day_uq: 'summary key: upserted by the deal, 划扣 and refund triggers',
  // The client splits (issue 24, h-split): the fold upserts their keys.
  clinic_client_split_uq: 'summary key: upserted by the clinic_performance, crm_customer and crm_field triggers',
  // The project cost's shapes (issue 24, h-rfm2): added by the clinic_performance fold (ON CONFLICT DO NOTHING).
  clinic_performance_cost_shape_uq: 'summary key: a shape added by the clinic_performance triggers',
  clinic_order_number_uq: "numbered under the day's clinic_order_sequence row",
  clinic_allocation_line_source_uq: 'written once per line and source when the order is charged',
  // Appointments and visits (issue 23): batch ids inserted with ON CONFLICT (a retry answers the
  // first row); one visit per booking, created under the appointment's row lock.
  clinic_appointment_batch_uq: 'batch',
  clinic_visit_batch_uq: 'batch',
  clinic_visit_appointment_uq: "one arrival per booking, made under the appointment's row lock",
  // The consultation room (h-witness): a note's batch id, checked under the visit's row lock.
  clinic_visit_note_batch_uq: 'batch',
  // Inpatients (issue 23, h-ward): a batch id inserted with ON CONFLICT (a retry answers the first admission).
  clinic_admission_batch_uq: 'batch',
  // The photograph room (issue 23, h-photo): each stored image gets a new file row of its own.
  clinic_photo_file_uq: 'one photo per file: the upload inserts the file it stored just before',
};

/**
 * Names the fixed tables above cannot know (a custom field's index, made when an administrator
 * marks the field unique): a feature registers how to read them. Answers undefined for a name
 * that is not its own.
 */
type Resolver = (db: Tx, constraint: string) => Promise<Answer | undefined>;
/** The app's resolvers (registry.ts `uniqueNames`): features register theirs when the app registers them. */
export type UniqueResolvers = { register(r: Resolver): void; all(): readonly Resolver[] };
export function createUniqueResolvers(): UniqueResolvers {
  const resolvers: Resolver[] = [];
  return { register: (r) => void resolvers.push(r), all: () => resolvers };
}

/** The PostgreSQL error behind a driver's or drizzle's wrapper: code and constraint. */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return { code: '23505', constraint: typeof e.constraint === 'string' ? e.constraint : '' };
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Is this a unique violation (raw, or wrapped by drizzle)? */
export const isUniqueViolation = (err: unknown): boolean => pgError(err) !== undefined;

/**
 * The answer for a unique violation: its index's pre-check message, or a plain Chinese "already
 * exists" (409) for an index no one named. Undefined when `err` is not a unique violation.
 */
export async function uniqueViolationError(
  db: Tx,
  resolvers: UniqueResolvers,
  err: unknown,
): Promise<AppError | undefined> {
  const pe = pgError(err);
  if (!pe) return undefined;
  const name = pe.constraint ?? '';
  let answer = uniqueAnswers[name];
  for (const r of resolvers.all()) {
    if (answer) break;
    answer = await r(db, name).catch(() => undefined);
  }
  answer ??= taken(Msg.alreadyExists);
  return new AppError(answer.code, answer.msg);
}
