import {
  SURVEYS,
  type TSurveyAnswers,
  type TSurveyAnswersBody,
  type TSurveyCounts,
  type TSurveyType,
} from '@gleba/contracts';
import type { Deps } from './deps';
import {
  countSurveyAnswers,
  findSurveyAnswers,
  replaceSurveyAnswers,
} from '../db/repositories/survey.repository';

/** Stores the user's answers (already checked against the survey by the body's schema). */
export async function saveSurveyAnswers(
  ctx: Deps,
  userId: string,
  surveyType: TSurveyType,
  body: TSurveyAnswersBody,
): Promise<TSurveyAnswers> {
  await ctx.db.transaction().execute((trx) => replaceSurveyAnswers(trx, userId, surveyType, body.answers));
  return { surveyType, answers: await findSurveyAnswers(ctx.db, userId, surveyType) };
}

export async function surveyAnswers(
  ctx: Deps,
  userId: string,
  surveyType: TSurveyType,
): Promise<TSurveyAnswers> {
  return { surveyType, answers: await findSurveyAnswers(ctx.db, userId, surveyType) };
}

/** Every question and answer of the survey, with its count (0 where nobody chose it). */
export async function surveyCounts(ctx: Deps, surveyType: TSurveyType): Promise<TSurveyCounts> {
  const { respondents, counts } = await countSurveyAnswers(ctx.db, surveyType);
  const count = (q: string, a: string) =>
    counts.find((c) => c.questionKey === q && c.answerKey === a)?.count ?? 0;
  return {
    surveyType,
    respondents,
    questions: Object.entries(SURVEYS[surveyType]).map(([questionKey, question]) => ({
      questionKey,
      answers: question.answers.map((answerKey) => ({ answerKey, count: count(questionKey, answerKey) })),
    })),
  };
}
