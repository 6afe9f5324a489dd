/**
 * Quiz rules shared by the server (which alone scores) and the web (which shows the paper):
 * question types, what counts as a right answer, the score and the deadline.
 */

/** 1 单选, 2 多选, 3 判断. */
export const questionTypes = [1, 2, 3] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeNames: Record<QuestionType, string> = { 1: '单选题', 2: '多选题', 3: '判断题' };

/** A judgement question's options are fixed: its answer is [0] (正确) or [1] (错误). */
export const JUDGEMENT_OPTIONS = ['正确', '错误'] as const;

/** What a taker chose, by the quiz item's id: option indexes. */
export type QuizAnswers = Record<string, number[]>;

export type ScoredItem = { itemId: number; type: QuestionType; answer: number[]; score: number };

/** The chosen indexes as a sorted set (duplicates and order never matter). */
const norm = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/**
 * Whether a choice is right. Single and judgement: exactly the one right option. Multiple:
 * all-or-nothing, every right option and no other (a partly right choice scores nothing).
 */
export function isCorrect(
  type: QuestionType,
  answer: readonly number[],
  chosen: readonly number[] | undefined,
): boolean {
  const c = norm(chosen ?? []);
  const a = norm(answer);
  if (type !== 2 && c.length !== 1) return false;
  return c.length === a.length && c.every((x, i) => x === a[i]);
}

export type QuizScore = { score: number; correctCount: number; items: { itemId: number; correct: boolean }[] };

/** The score of a paper: the sum of the right items' scores. */
export function scorePaper(items: readonly ScoredItem[], answers: QuizAnswers): QuizScore {
  let score = 0;
  let correctCount = 0;
  const out = items.map((it) => {
    const correct = isCorrect(it.type, it.answer, answers[String(it.itemId)]);
    if (correct) {
      score += it.score;
      correctCount++;
    }
    return { itemId: it.itemId, correct };
  });
  return { score, correctCount, items: out };
}

/** When a taker's time ends: the limit from their start, never past the quiz's close (the answers show then). */
export function quizDeadline(startedAt: Date, limitMinutes: number, closesAt: Date): Date {
  return new Date(Math.min(startedAt.getTime() + limitMinutes * 60_000, closesAt.getTime()));
}

/** A submit this long after the deadline still counts (the network between the last click and the server). */
export const SUBMIT_GRACE_MS = 15_000;

/** Whether answers sent at `now` come too late to count. */
export const isLate = (deadline: Date, now: Date): boolean => now.getTime() > deadline.getTime() + SUBMIT_GRACE_MS;
