import { formatTime } from '@crm/shared';

/** A time `minutes` from now as the calls take it (company zone). */
export const inMinutes = (minutes: number) => formatTime(new Date(Date.now() + minutes * 60_000));

/** Three questions worth 40: a single choice (10), a multiple choice (20) and a judgement (10). */
export const safetyQuestions = (bankId: number) => [
  {
    bankId,
    type: 1,
    stem: '注射类治疗前必须核对什么？',
    options: ['顾客姓名和项目', '顾客的生日'],
    answer: [0],
    score: 10,
  },
  {
    bankId,
    type: 2,
    stem: '治疗室消毒要做到哪些？',
    options: ['器械一人一用一消毒', '治疗后擦拭台面', '随意摆放耗材', '开窗通风'],
    answer: [0, 1, 3],
    score: 20,
    explanation: '耗材须分类存放',
  },
  { bankId, type: 3, stem: '顾客过敏史可以不问。', answer: [1], score: 10 },
];
