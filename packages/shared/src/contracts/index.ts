import type { z } from 'zod';
// Applications (issue 25, h-apps).
import { applicationContracts } from '../applications/contracts.ts';
// /reimbursementDetail's links and its open read (issue 25).
import { reimbursementContracts } from '../approval-forms/reimbursement.ts';
// App home images (issue 25, h-crmwb).
import { bannerContracts } from '../banners/index.ts';
// Statistics (/bi, issue 24).
import { biContracts } from '../bi/contracts.ts';
// The call centre (issue 25, h-call).
import { callCentreContracts } from '../call-centre/index.ts';
// Cashier (issue 22): the desk's reads and the receipt.
import { cashierContracts } from '../clinic/cashier.ts';
// Clinic: project catalogue.
import { catalogueContracts } from '../clinic/catalogue-contracts.ts';
// Lottery activities (issue 25, h-lottery).
import { lotteryContracts } from '../clinic/lottery.ts';
// The clinic approvals' flow read (h-moneyweb).
import { approvalFlowContracts } from '../clinic/money/approval-flow.ts';
// The approval center's clinic rows (h-capprove).
import { clinicExamineContracts } from '../clinic/money/clinic-examines.ts';
// Conversions, repairs, /crm/make, doctors, developers (h-convert).
import { convertContracts } from '../clinic/money/convert-calls.ts';
import { customerRefundsContracts } from '../clinic/money/customer-refunds.ts';
import { discountContracts } from '../clinic/money/discount-approval.ts';
// Clinic: the money path (orders).
import { moneyContracts } from '../clinic/money/orders.ts';
// Clinic: the money path's reads (order info, customer account, floor preview; h-orders).
import { moneyReadContracts } from '../clinic/money/reads.ts';
import { refundContracts } from '../clinic/money/refund-calls.ts';
import { setMealReadContracts } from '../clinic/money/set-meal-lines.ts';
// Nurses' station (issue 23, h-nurse).
import { nurseContracts } from '../clinic/nurse.ts';
// The photograph room (issue 23, h-photo).
import { photoContracts } from '../clinic/photos/schemas.ts';
// 顾客评价 and coupons (issue 25, h-coupons).
import { reviewContracts } from '../clinic/reviews/schemas.ts';
// Clinic settings (issue 22): every kind's calls, derived from its declaration.
import { clinicSettingsContracts } from '../clinic/settings/index.ts';
// Appointments and visits (issue 23).
// 会员卡号 (issue 23, h-visit23).
import { cardContracts } from '../clinic/visits/card.ts';
import { recordContracts } from '../clinic/visits/record.ts';
import { visitContracts } from '../clinic/visits/schemas.ts';
// The consultation room (h-witness).
import { witnessContracts } from '../clinic/visits/witness.ts';
// Beds and admissions (issue 23, h-ward).
// The bed log (issue 23, h-visit23).
import { bedLogContracts } from '../clinic/ward/bed-log.ts';
import { wardContracts } from '../clinic/ward/schemas.ts';
// Declaration forms (issue 25, h-decl).
import { declarationContracts } from '../declarations/contracts.ts';
import { editorConfigResponse } from '../editor/config.ts';
// Feedback (issue 25, h-feedback).
import { feedbackContracts } from '../feedback/index.ts';
// Meal orders (issue 25, h-meals).
import { mealContracts } from '../meals/schemas.ts';
// Quizzes (issue 25, h-quiz).
import { quizContracts } from '../quizzes/contracts.ts';
import { contactsKind } from '../records/contacts.ts';
import { achievementListResponse, recordOptionsResponse } from '../records/crm-settings.ts';
// CRM home figures (issue 25, h-crmwb).
import { crmWorkbenchContracts } from '../records/crm-workbench.ts';
import { customerKind } from '../records/customer.ts';
import {
  crmFieldsResponse,
  fieldAuthResponse,
  fieldKindListResponse,
  queryFieldResponse,
} from '../records/field-calls.ts';
import { leadsConvertResponse, leadsKind } from '../records/leads.ts';
import { poolCountResponse, poolRulesResponse } from '../records/pool.ts';
// 客户查重 (issue 25, h-screening).
import { screeningContracts } from '../records/screening.ts';
// Staff sign-in (issue 25, h-signin).
import { signInContracts } from '../sign-in/schemas.ts';
// Supervision (issue 25, h-check).
import { checkContracts } from '../supervision/index.ts';
import { addressBookResponse, originalAddressBookResponse, originalAddressByDeptResponse } from './address-book.ts';
import {
  agencyCountResponse,
  agencyIdsResponse,
  agencyPageResponse,
  agencyStatusResponse,
  agencySysCodeResponse,
} from './agency.ts';
import { healthResponse, loginResponse } from './auth.ts';
import {
  conversationListResponse,
  deptBookResponse,
  groupInfoResponse,
  imMessagePageResponse,
  imUserDetailResponse,
  massMessageResponse,
  massUserListResponse,
  messageHistoryResponse,
} from './chat.ts';
import { commentItemResponse, commentListResponse } from './comment.ts';
import { noData } from './common.ts';
import { contractContracts } from './contract.ts';
import {
  customerBriefPageResponse,
  customerEditSchema,
  customerSettingIdResponse,
  customerSettingPageResponse,
  signCandidatesResponse,
  signInfoResponse,
} from './customer.ts';
import { dictContracts } from './dict.ts';
import {
  adminCategorySchema,
  categoryFieldsResponse,
  categoryGroupsResponse,
  categoryIdResponse,
  categoryListResponse,
  categoryPageResponse,
  commentResponse,
  examineCountsSchema,
  examineDetailSchema,
  examinePageResponse,
  examineSaveResponse,
  examineStatusResponse,
  examineTypeResponse,
  flowPreviewSchema,
  originalFlowResponse,
  originalLogResponse,
  presetsSchema,
  usersByDeptResponse,
} from './examine.ts';
import { examineFormContracts } from './examine-forms.ts';
import { feedPageResponse } from './feed.ts';
import {
  avatarResponse,
  fileInfoSchema,
  fileListResponse,
  mapConfigSchema,
  sysConfigSchema,
  uploadResponse,
} from './files.ts';
import { hrApplyContracts } from './hr-apply.ts';
import { logCommentResponse, logDetailSchema, logPageResponse, logSaveResponse } from './journal.ts';
import { positionsResponse, positionUploadResponse, positionUserPageResponse } from './location.ts';
import { noticeDetailSchema, noticePageResponse, noticeReadersResponse, noticeSaveResponse } from './notice.ts';
import { originalRestContracts } from './original-rest.ts';
import { planDocDetailSchema, planDocPageResponse, planDocSaveResponse } from './plan.ts';
import {
  fieldInformationResponse,
  originalActionRecordResponse,
  originalListHeadResponse,
  recordKindContracts,
  recordPageResponse,
  savedIdResponse,
  sceneFieldResponse,
  sceneListResponse,
} from './records.ts';
import { reviewFlowPageResponse, reviewFlowSaveResponse } from './review-flow.ts';
import { businessContracts, productContracts } from './sales.ts';
import { calendarEntriesResponse, eventDetailSchema, eventSaveResponse, originalEventsResponse } from './schedule.ts';
import { storeContracts } from './store.ts';
import {
  allRolesResponse,
  authObjectSchema,
  deptIdResponse,
  deptListResponse,
  permissionTreeResponse,
  profileSchema,
  roleIdResponse,
  roleListResponse,
  roleTypeListResponse,
  systemUserSchema,
  userIdResponse,
  userPageResponse,
} from './system.ts';
import {
  taskCommentResponse,
  taskDetailSchema,
  taskLogResponse,
  taskPageResponse,
  taskRowsResponse,
  taskSaveResponse,
  taskStatusResponse,
} from './task.ts';
import { taskLabelListResponse, taskLabelSaveResponse, taskLabelSchema } from './task-label.ts';
import { crmBacklogResponse, oaBacklogResponse, remindersResponse } from './workbench.ts';

export * from './address-book.ts';
export * from './agency.ts';
export * from './auth.ts';
export * from './chat.ts';
export * from './comment.ts';
export * from './common.ts';
export * from './contract.ts';
export * from './customer.ts';
export * from './dict.ts';
export * from './examine.ts';
export * from './feed.ts';
export * from './files.ts';
export * from './hr-apply.ts';
// Request contracts: what every call reads, by path (issue 27, h-wire).
export * from './inputs/index.ts';
export * from './journal.ts';
export * from './location.ts';
export * from './notice.ts';
export * from './original-rest.ts';
export * from './plan.ts';
export * from './records.ts';
export * from './review-flow.ts';
export * from './sales.ts';
export * from './schedule.ts';
export * from './store.ts';
export * from './system.ts';
export * from './task.ts';
// Task labels (issue 20).
export * from './task-label.ts';
export * from './workbench.ts';

/**
 * The answer of every API call by path: what the route serialises and what docs/api/reference.md
 * lists (generated from this table). A route's `response` must be the schema named here; a test
 * of the route table checks it.
 */
export const responseContracts = {
  '/healthz': healthResponse,
  '/login': loginResponse,
  '/logout': noData,
  '/achievement/ttl': noData,
  '/system/role/auth': authObjectSchema,
  '/system/user/queryLoginUser': profileSchema,
  '/system/user/updateUser': profileSchema,
  '/system/user/updatePassword': noData,
  '/system/user/queryUserList': userPageResponse,
  '/system/user/queryUserById': systemUserSchema,
  '/system/user/addUser': userIdResponse,
  '/system/user/setUser': noData,
  '/system/user/setUserStatus': noData,
  '/system/user/resetPasswordByUserId': noData,
  '/system/user/updateImg': avatarResponse,
  '/system/dept/queryDeptTree': deptListResponse,
  '/system/dept/addDept': deptIdResponse,
  '/system/dept/setDept': noData,
  '/system/dept/deleteDept': noData,
  '/system/role/getRoleTypeList': roleTypeListResponse,
  '/system/role/getRoleByType': roleListResponse,
  '/system/role/getAllRoleList': allRolesResponse,
  '/system/role/add': roleIdResponse,
  '/system/role/update': noData,
  '/system/role/delete': noData,
  '/system/role/copy': roleIdResponse,
  '/system/role/updateRoleMenu': noData,
  '/system/role/relatedUser': noData,
  '/system/role/unbindingUser': noData,
  '/system/menu/getMenuListByType': permissionTreeResponse,
  '/file/upload': uploadResponse,
  '/file/queryByBatchId': fileListResponse,
  '/file/removeById': noData,
  '/file/renameFileById': fileInfoSchema,
  '/file/ueditorConfig': editorConfigResponse,
  '/sysConfig/query': sysConfigSchema,
  '/sysConfig/set': sysConfigSchema,
  '/sysConfig/map': mapConfigSchema,
  '/CrmBackLog/num': crmBacklogResponse,
  // The original's to-do lists (records/original-calls.ts backlogLists).
  '/CrmBackLog/todayCustomer': recordPageResponse,
  '/CrmBackLog/followLeads': recordPageResponse,
  '/CrmBackLog/followCustomer': recordPageResponse,
  '/CrmBackLog/checkContract': recordPageResponse,
  '/CrmBackLog/checkReceivables': recordPageResponse,
  '/CrmBackLog/endContract': recordPageResponse,
  ...originalRestContracts,
  '/OaBackLog/num': oaBacklogResponse,
  '/OaBackLog/queryReminders': remindersResponse,
  '/OaExamineCategory/queryExamineCategoryList': categoryPageResponse,
  '/OaExamineCategory/queryCategoryById': adminCategorySchema,
  '/OaExamineCategory/setExamineCategory': categoryIdResponse,
  '/OaExamineCategory/updateStatus': noData,
  '/OaExamineCategory/deleteExamineCategory': noData,
  '/OaExamineCategory/updateSort': noData,
  '/field/examineFieldSave': categoryFieldsResponse,
  '/field/queryField': queryFieldResponse,
  '/field/queryListHead': originalListHeadResponse,
  '/field/information': fieldInformationResponse,
  '/CrmRecord/queryRecordList': originalActionRecordResponse,
  '/field/setFelidStyle': noData,
  '/scene/queryScene': sceneListResponse,
  '/scene/queryField': sceneFieldResponse,
  '/scene/addScene': savedIdResponse,
  '/scene/updateScene': savedIdResponse,
  '/scene/setDefaultScene': noData,
  '/scene/deleteScene': noData,
  '/field/list': fieldKindListResponse,
  '/field/save': crmFieldsResponse,
  '/field/verify': noData,
  '/field/queryFieldAuth': fieldAuthResponse,
  '/field/setFieldAuth': noData,
  '/OaExamineCategory/queryCategoryGroups': categoryGroupsResponse,
  '/OaExamineCategory/queryAllExamineCategoryList': categoryListResponse,
  '/OaExamine/setOaExamine': examineSaveResponse,
  '/OaExamine/auditExamine': examineStatusResponse,
  '/OaExamine/transfer': examineStatusResponse,
  '/OaExamine/addApprover': examineStatusResponse,
  '/OaExamine/returnExamine': examineStatusResponse,
  '/OaExamine/urge': noData,
  '/OaExamine/comment': commentResponse,
  '/OaExamine/deleteOaExamine': noData,
  '/OaExamine/myInitiate': examinePageResponse,
  '/OaExamine/queryExamineRelation': examinePageResponse,
  '/OaExamine/myOaExamine': examinePageResponse,
  '/OaExamine/myCopyExamine': examinePageResponse,
  '/OaExamine/queryExamineCounts': examineCountsSchema,
  '/OaExamine/queryOaExamineInfo': examineDetailSchema,
  '/OaExamine/getField': queryFieldResponse,
  '/OaExamine/queryExamineRecordList': originalFlowResponse,
  '/OaExamine/queryExamineLogList': originalLogResponse,
  '/OaExamine/queryExamineFlowInfo': flowPreviewSchema,
  '/OaExamineCategory/queryExamineStep': examineTypeResponse,
  '/OaExamineCategory/queryExamineUsers': presetsSchema,
  '/OaExamine/queryExamineUserList': usersByDeptResponse,
  '/OaExamine/queryCopyUserList': usersByDeptResponse,
  '/OaExamine/queryHandoverUserList': usersByDeptResponse,
  '/system/user/deptBookAppPlus': deptBookResponse,
  '/system/user/queryUserIMDetailByUserId': imUserDetailResponse,
  '/api/message/synchronizeMyConversationPlus': conversationListResponse,
  '/api/message/synchronousMessagesList': messageHistoryResponse,
  '/api/message/queryUserIMMessages': imMessagePageResponse,
  '/api/message/sendMassMsg': massMessageResponse,
  '/system/user/queryMassUserList': massUserListResponse,
  '/api/chatgroup/createGroup': groupInfoResponse,
  '/api/chatgroup/queryGroupInfo': groupInfoResponse,
  '/api/chatgroup/updateGroup': groupInfoResponse,
  '/api/chatgroup/addBatchUsers': groupInfoResponse,
  '/api/chatgroup/removeBatchUsers': groupInfoResponse,
  '/api/chatgroup/addAdminUser': groupInfoResponse,
  '/api/chatgroup/removeAdminUser': groupInfoResponse,
  '/api/chatgroup/delGroup': noData,
  '/OaTask/setTask': taskSaveResponse,
  '/OaTask/queryTaskList': taskPageResponse,
  '/OaTask/queryTaskInfo': taskDetailSchema,
  '/OaTask/queryTaskLog': taskLogResponse,
  '/OaTask/saveTaskRelation': noData,
  '/OaTask/queryTaskRelation': taskPageResponse,
  '/OaTask/setTaskStatus': taskStatusResponse,
  '/OaTask/comment': taskCommentResponse,
  '/OaTask/deleteTask': noData,
  '/OaRecord/queryTask': taskRowsResponse,
  // Task labels (issue 20: the original's taskLabel/*).
  '/taskLabel/getLabelList': taskLabelListResponse,
  '/taskLabel/getLabelListByOwn': taskLabelListResponse,
  '/taskLabel/queryById': taskLabelSchema,
  '/taskLabel/setLabel': taskLabelSaveResponse,
  '/taskLabel/deleteLabel': noData,
  '/OaEvent/saveEvent': eventSaveResponse,
  '/OaEvent/queryEventInfo': eventDetailSchema,
  '/OaEvent/deleteEvent': noData,
  '/OaEvent/saveOccurrence': eventSaveResponse,
  '/OaEvent/deleteOccurrence': noData,
  '/OaEvent/queryReminders': calendarEntriesResponse,
  '/OaRecord/queryEvent': calendarEntriesResponse,
  '/OaEvent/queryList': originalEventsResponse,
  '/OaRecord/getOaRecordPageList': feedPageResponse,
  '/OaRecord/queryEventByDay': calendarEntriesResponse,
  '/OaLocation/uploadPosition': positionUploadResponse,
  '/OaLocation/queryUserList': positionUserPageResponse,
  '/OaLocation/queryPositions': positionsResponse,
  '/OaAnnouncement/saveAnnouncement': noticeSaveResponse,
  '/OaAnnouncement/queryAnnouncementList': noticePageResponse,
  '/OaAnnouncement/queryById': noticeDetailSchema,
  '/OaAnnouncement/queryReaders': noticeReadersResponse,
  '/OaAnnouncement/deleteById': noData,
  '/OaLog/saveLog': logSaveResponse,
  '/OaLog/queryLogList': logPageResponse,
  '/OaLog/queryLogRelation': logPageResponse,
  '/OaLog/queryLogInfo': logDetailSchema,
  '/OaLog/comment': logCommentResponse,
  '/comment/setComment': commentItemResponse,
  '/comment/queryCommentList': commentListResponse,
  '/comment/deleteComment': noData,
  '/OaLog/delComment': noData,
  '/examine/queryAllExamine': reviewFlowPageResponse,
  '/examine/saveExamine': reviewFlowSaveResponse,
  '/examine/updateStatus': noData,
  '/OaLog/deleteLog': noData,
  '/OaPlan/savePlan': planDocSaveResponse,
  '/OaPlan/queryPlanList': planDocPageResponse,
  '/OaPlan/queryPlanInfo': planDocDetailSchema,
  '/OaPlan/deletePlan': noData,
  '/OaAddressBook/queryAddressBook': addressBookResponse,
  '/system/user/queryListName': originalAddressBookResponse,
  '/system/user/queryListNameByDept': originalAddressByDeptResponse,
  ...recordKindContracts('CrmCustomer', customerKind.features),
  '/CrmCustomer/addOrUpdate': savedIdResponse,
  '/CrmCustomer/queryForEdit': customerEditSchema,
  '/CrmCustomer/setDealStatus': noData,
  '/CrmCustomer/searchMySignList': signCandidatesResponse,
  '/CrmCustomer/querySingInfoByUserId': signInfoResponse,
  '/CrmCustomer/setUserHasHidden': noData,
  '/CrmCustomer/deleteUserById': noData,
  '/CrmCustomer/changeIdentityByUserId': noData,
  '/CrmCustomer/queryCustomerSetting': customerSettingPageResponse,
  '/CrmCustomer/customerSetting': customerSettingIdResponse,
  '/CrmCustomer/deleteCustomerSetting': noData,
  '/CrmCustomer/appQueryPageListByOwnerUserId': customerBriefPageResponse,
  '/CrmCustomer/appQueryPageListByOwnerUserIdCustumer': customerBriefPageResponse,
  '/CrmCustomer/pageQueryCustomerBySearch': customerBriefPageResponse,
  '/CrmCustomer/putInPublicCustomerPool': poolCountResponse,
  '/CrmCustomer/updateCustomerByIds': poolCountResponse,
  '/CrmCustomer/receiveByIds': poolCountResponse,
  '/CrmCustomer/distributeByIds': poolCountResponse,
  '/CrmCustomer/lock': poolCountResponse,
  '/CrmCustomer/getRulesSetting': poolRulesResponse,
  '/CrmCustomer/updateRulesSetting': noData,
  '/CrmCustomerPool/queryPageList': recordPageResponse,
  '/CrmCustomerPool/deleteByIds': poolCountResponse,
  ...storeContracts,
  ...productContracts,
  ...businessContracts,
  '/CrmCustumerAgency/findPage': agencyPageResponse,
  '/CrmCustumerAgency/saveList': agencyIdsResponse,
  '/CrmCustumerAgency/accept': agencyStatusResponse,
  '/CrmCustumerAgency/acceptAllToBeAcceptedAgent': agencyCountResponse,
  '/CrmCustumerAgency/revokeTaskByAgencyId': agencyStatusResponse,
  '/CrmCustumerAgency/markById': agencyStatusResponse,
  '/CrmCustumerAgency/completeTheTaskDetail': agencyStatusResponse,
  '/CrmCustumerAgency/querySysCode': agencySysCodeResponse,
  ...examineFormContracts,
  ...reimbursementContracts,
  ...dictContracts,
  // Clinic: project catalogue.
  ...catalogueContracts,
  // Lottery activities (issue 25, h-lottery).
  ...lotteryContracts,
  // Clinic settings (issue 22).
  ...clinicSettingsContracts,
  ...moneyContracts,
  // Issue 22's discount approval and refunds (h-refund).
  ...discountContracts,
  ...refundContracts,
  // The clinic approvals' flow read (h-moneyweb).
  ...approvalFlowContracts,
  ...customerRefundsContracts,
  // The approval center's clinic rows (h-capprove).
  ...clinicExamineContracts,
  ...setMealReadContracts,
  // Conversions, repairs, /crm/make, doctors, developers (h-convert).
  ...convertContracts,
  // Cashier (issue 22).
  ...cashierContracts,
  // Clinic: the money path's reads (h-orders).
  ...moneyReadContracts,
  // Appointments and visits (issue 23).
  ...visitContracts,
  // The visit list, a visit's story and the customer archive (issue 23, h-records).
  ...recordContracts,
  // The consultation room (h-witness).
  ...witnessContracts,
  // 会员卡号 (issue 23, h-visit23).
  ...cardContracts,
  // Nurses' station (issue 23, h-nurse).
  ...nurseContracts,
  // Beds and admissions (issue 23, h-ward).
  ...wardContracts,
  // The bed log (issue 23, h-visit23).
  ...bedLogContracts,
  // The photograph room (issue 23, h-photo).
  ...photoContracts,
  // Meal orders (issue 25, h-meals).
  ...mealContracts,
  // Staff sign-in (issue 25, h-signin).
  ...signInContracts,
  // Feedback (issue 25, h-feedback).
  ...feedbackContracts,
  // Supervision (issue 25, h-check).
  ...checkContracts,
  // App home images (issue 25, h-crmwb).
  ...bannerContracts,
  // Quizzes (issue 25, h-quiz).
  ...quizContracts,
  // Declaration forms (issue 25, h-decl).
  ...declarationContracts,
  // Applications (issue 25, h-apps).
  ...applicationContracts,
  ...hrApplyContracts,
  ...contractContracts,
  // Leads: the owner change is `changeOwnerUser`; their `transfer` converts them into customers.
  ...recordKindContracts('CrmLeads', { ...leadsKind.features, transfer: false }),
  '/CrmLeads/changeOwnerUser': noData,
  '/CrmLeads/transfer': leadsConvertResponse,
  '/CrmLeads/addOrUpdate': savedIdResponse,
  ...recordKindContracts('CrmContacts', contactsKind.features),
  '/CrmContacts/addOrUpdate': savedIdResponse,
  '/CrmCustomer/queryContacts': recordPageResponse,
  // The contacts ↔ opportunities relation (docs/api/contacts.md, business.md).
  '/CrmContacts/queryBusiness': recordPageResponse,
  '/CrmContacts/relateBusiness': noData,
  '/CrmContacts/unrelateBusiness': noData,
  '/CrmBusiness/queryContacts': recordPageResponse,
  '/CrmBusiness/relateContacts': noData,
  '/CrmBusiness/unrelateContacts': noData,
  '/CrmRecord/queryRecordOptions': recordOptionsResponse,
  '/CrmRecord/setRecordOptions': noData,
  '/achievement/queryAchievementList': achievementListResponse,
  '/achievement/setAchievement': noData,
  // Statistics (/bi, issue 24).
  ...biContracts,
  // 客户查重 (issue 25, h-screening).
  ...screeningContracts,
  // The call centre (issue 25, h-call).
  ...callCentreContracts,
  // 顾客评价 and coupons (issue 25, h-coupons).
  ...reviewContracts,
  // CRM home figures (issue 25, h-crmwb).
  ...crmWorkbenchContracts,
} satisfies Record<string, z.ZodType>;
export type ContractPath = keyof typeof responseContracts;

/** The answer type of a call: `Answer<'/OaExamine/queryOaExamineInfo'>`. */
export type Answer<P extends ContractPath> = z.infer<(typeof responseContracts)[P]>;
