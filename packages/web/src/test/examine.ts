import type { Answer, ExamineDetail, ExamineListRow, ExamineWireRow } from '@crm/shared';

/**
 * The original client's names of an approval's facts, as the server adds them beside ours
 * (oa/examine original-view): the web reads none of them, so nothing linked and no files.
 */
const original = (a: { recordId: number; status: number; content: string; createTime: string }) => ({
  createtime: a.createTime,
  examineStatus: a.status,
  causeTitle: a.content,
  examineRecordId: a.recordId,
  file: [],
  img: [],
  customerList: [],
  contactsList: [],
  businessList: [],
  contractList: [],
});

/** A row as the approval lists answer it. */
export const wireRow = (row: ExamineListRow): ExamineWireRow => ({
  ...row,
  ...original(row),
  createUser: { userId: row.createUserId, realname: row.createUserName, img: row.createUserImg },
  permission: { isChecked: 0, isUpdate: 0, isDelete: 0 },
});

/** One page of an approval list holding `rows`. */
export const wirePage = (rows: ExamineListRow[]): Answer<'/OaExamine/myInitiate'> => ({
  list: rows.map(wireRow),
  totalRow: rows.length,
  page: 1,
  limit: 15,
});

/** A detail as `/OaExamine/queryOaExamineInfo` answers it. */
export const wireDetail = (detail: ExamineDetail): Answer<'/OaExamine/queryOaExamineInfo'> => ({
  ...detail,
  ...original(detail),
  category: detail.categoryTitle,
  type: detail.categoryType,
  examineTravelList: [],
});
