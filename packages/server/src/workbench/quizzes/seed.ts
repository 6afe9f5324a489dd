import { quizQuestionSaveSchema, quizSaveSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { DemoKit } from '../../db/demo-kit.ts';
import { saveBank, saveQuestion } from './banks.ts';
import { saveQuiz } from './quizzes.ts';
import { startQuiz, submitQuiz } from './taking.ts';

/** The demo bank's questions (20 points each); the browser test answers them from this list. */
export const demoQuizQuestions = [
  {
    type: 1,
    stem: '为顾客做注射类治疗前，首先要核对什么？',
    options: ['顾客身份和治疗项目', '顾客的消费金额', '顾客的会员等级', '治疗室的温度'],
    answer: [0],
  },
  {
    type: 2,
    stem: '治疗室的感染防控要做到哪些？',
    options: ['器械一人一用一消毒', '治疗前后洗手', '一次性耗材重复使用', '医疗废物分类处理'],
    answer: [0, 1, 3],
  },
  { type: 3, stem: '顾客术前告知书可以在治疗结束后再补签。', answer: [1] },
  {
    type: 1,
    stem: '顾客治疗后出现红肿不适，前台接到电话应当：',
    options: ['让顾客自行观察', '立即登记并转告主治医生回电', '建议顾客去别的医院', '等下次到店再说'],
    answer: [1],
  },
  { type: 3, stem: '接待顾客时应主动问候并说明等候时间。', answer: [0] },
] as const;

export const DEMO_QUIZ_TITLE = '治疗安全与服务规范月考';

/**
 * The living demo's quizzes (issue 25): the 治疗安全与服务规范 bank and its monthly quiz, open
 * this week for 客服部; 何雪 (passed) and 王静 (failed) handed in yesterday, 张雨 and 周敏 have not
 * taken it yet (the browser test has 张雨 take it).
 */
export async function seedQuizzesDemo(kit: DemoKit): Promise<void> {
  const boss = await kit.as('wangzong');
  const bankId = await saveBank(kit.db, boss, {
    name: '治疗安全与服务规范',
    description: '门店员工每月必考',
    bankId: undefined,
  });
  for (const q of demoQuizQuestions)
    await saveQuestion(
      kit.db,
      boss,
      quizQuestionSaveSchema.parse({ ...q, bankId, score: 20, options: q.type === 3 ? [] : q.options }),
    );
  const quizId = await saveQuiz(
    kit.db,
    boss,
    quizSaveSchema.parse({
      title: DEMO_QUIZ_TITLE,
      startTime: kit.at(-3, '09:00').toISOString(),
      endTime: kit.at(7, '18:00').toISOString(),
      timeLimit: 20,
      passScore: 60,
      deptIds: [kit.dept('客服部')],
      bankId,
      randomCount: demoQuizQuestions.length,
    }),
  );
  // 何雪 gets everything right (100); 王静 misses the multiple choice (all or nothing), a judgement and
  // the phone call (40, failed).
  const takers: [string, (stem: string) => number[] | undefined, string, string][] = [
    ['hexue', (stem) => demoQuizQuestions.find((q) => q.stem === stem)?.answer.slice(), '10:05', '10:17'],
    [
      'wangjing',
      (stem) =>
        stem.startsWith('治疗室')
          ? [0, 1]
          : stem.startsWith('顾客术前')
            ? [0]
            : stem.startsWith('顾客治疗后')
              ? [0]
              : demoQuizQuestions.find((q) => q.stem === stem)?.answer.slice(),
      '14:30',
      '14:46',
    ],
  ];
  for (const [who, choose, from, to] of takers) {
    const me = await kit.as(who);
    const paper = await startQuiz(kit.db, me, quizId);
    const answers = Object.fromEntries(paper.items.map((i) => [String(i.itemId), choose(i.stem) ?? []]));
    await submitQuiz(kit.db, me, quizId, answers);
    await kit.db.execute(sql`update quiz_attempt set started_at = ${kit.at(-1, from).toISOString()}::timestamptz,
        deadline = ${kit.at(-1, from).toISOString()}::timestamptz + interval '20 minutes',
        submitted_at = ${kit.at(-1, to).toISOString()}::timestamptz
      where quiz_id = ${quizId} and user_id = ${me.userId}`);
  }
}
