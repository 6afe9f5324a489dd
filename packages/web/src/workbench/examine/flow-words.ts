import { defineMessages } from '@/i18n';
import type { StepType } from './api';

/** Names of the flow's step types, shared by the admin page, the create view and the detail. */
export const useFlowWords = defineMessages({
  zh: {
    stepType1: '主管审批',
    stepType2: '或签',
    stepType3: '会签',
    stepType4: '上一级审批人的主管',
    stepHint1: '发起人的直属主管审批',
    stepHint2: '指定人员中任意一人同意即可',
    stepHint3: '指定人员需全部同意',
    stepHint4: '上一节点审批人的直属主管审批',
  },
  en: {
    stepType1: 'Supervisor',
    stepType2: 'Any one of',
    stepType3: 'All of',
    stepType4: "Previous approver's supervisor",
    stepHint1: "The applicant's direct supervisor approves",
    stepHint2: 'Any one of the chosen people approves',
    stepHint3: 'All of the chosen people approve',
    stepHint4: "The previous approver's direct supervisor approves",
  },
});

export const stepTypes: StepType[] = [1, 2, 3, 4];
export const stepTypeKey = (t: StepType) => `stepType${t}` as const;
export const stepHintKey = (t: StepType) => `stepHint${t}` as const;
export const stepNeedsUsers = (t: StepType) => t === 2 || t === 3;
