import type { PermissionNode } from '../auth/permission-node.ts';

/** Quizzes (/workbench/answer, issue 25): staff take the quizzes assigned to them; managers run them. */
export const QUIZ_TAKE = 'oa:quiz:take';
/** Banks, quizzes and results; the results follow this leaf's data scope. */
export const QUIZ_MANAGE = 'oa:quiz:manage';

export const quizPermissionNodes: PermissionNode[] = [
  {
    key: 'quiz',
    title: '考试',
    titleEn: 'Quizzes',
    children: [
      { key: 'take', title: '参加考试', titleEn: 'Take quizzes' },
      { key: 'manage', title: '管理题库、考试和成绩', titleEn: 'Manage banks, quizzes and results' },
    ],
  },
];
