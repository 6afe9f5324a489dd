import {
  guestChoiceListResponse,
  guestChoiceSchema,
  guestNameListResponse,
} from '../approval-forms/additional-order.ts';
import { projectListResponse } from '../approval-forms/hr.ts';
import {
  bankLabelListResponse,
  bankLabelSavedResponse,
  examineFormDetailSchema,
  leaveAllowanceResponse,
  leaveBalanceResponse,
  leaveTypeListResponse,
  staffInfoResponse,
} from '../approval-forms/submit.ts';
import { examineSaveResponse } from './examine.ts';
import { bankNameResponse } from './store.ts';

/** Answers of the dedicated approval types' calls (docs/api/examine-forms.md). */
const submit = examineSaveResponse;
const detail = examineFormDetailSchema;
export const examineFormContracts = {
  '/OaExamine/setGeneral': submit,
  '/OaExamine/queryGeneralInfo': detail,
  '/OaExamine/setLeave': submit,
  '/OaExamine/queryLeaveInfo': detail,
  '/OaExamine/setCardReplacement': submit,
  '/OaExamine/queryCardReplacementInfo': detail,
  '/OaExamine/setTravel': submit,
  '/OaExamine/queryTravelInfo': detail,
  '/OaExamine/setReserveFund': submit,
  '/OaExamine/queryReserveFundInfo': detail,
  '/OaExamine/setPayment': submit,
  '/OaExamine/queryPaymentInfo': detail,
  '/OaExamine/setAdministrative': submit,
  '/OaExamine/queryAdministrativeInfo': detail,
  '/OaExamine/setProblematicCustomers': submit,
  '/OaExamine/queryProblematicCustomersInfo': detail,
  '/OaExamine/setAdditionalOrder': submit,
  '/OaExamine/queryAdditionalOrderInfo': detail,
  '/OaExamine/queryCustomerSelectList': guestChoiceListResponse,
  '/OaExamine/queryCustomerNameList': guestNameListResponse,
  '/OaExamine/queryCustomerDetail': guestChoiceSchema,
  '/OaExamine/setPredict': submit,
  '/OaExamine/queryPredictInfo': detail,
  '/OaExamine/setQuit': submit,
  '/OaExamine/queryQuitInfo': detail,
  '/OaExamine/setPositive': submit,
  '/OaExamine/queryPositiveInfo': detail,
  '/OaExamine/setPostAdjust': submit,
  '/OaExamine/queryPostAdjustInfo': detail,
  '/OaExamine/setPlanningDemandForm': submit,
  '/OaExamine/queryPlanningDemandFormInfo': detail,
  '/OaExamine/queryProjectList': projectListResponse,
  '/OaExamine/queryLeaveTypeSelect': leaveTypeListResponse,
  '/OaExamine/queryLeaveBalance': leaveBalanceResponse,
  '/OaExamineCategory/queryLeaveAllowance': leaveAllowanceResponse,
  '/OaExamineCategory/setLeaveAllowance': leaveAllowanceResponse,
  '/OaExamine/queryStaffInfo': staffInfoResponse,
  '/OaExamineBankLabel/queryListByUserId': bankLabelListResponse,
  '/OaExamineBankLabel/save': bankLabelSavedResponse,
  '/OaExamineBankLabel/remove': bankLabelSavedResponse,
  '/OaExamineBankLabel/queryBankName': bankNameResponse,
};
