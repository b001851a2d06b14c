import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

export interface SurveyAnswerRow {
  questionKey: string;
  answerKey: string;
}

/** The user's answers to one survey replace the earlier ones. */
export async function replaceSurveyAnswers(
  db: Db,
  userId: string,
  surveyType: string,
  answers: SurveyAnswerRow[],
): Promise<void> {
  await db
    .deleteFrom('survey_answers')
    .where('user_id', '=', userId)
    .where('survey_type', '=', surveyType)
    .execute();
  if (answers.length === 0) return;
  await db
    .insertInto('survey_answers')
    .values(
      answers.map((a) => ({
        user_id: userId,
        survey_type: surveyType,
        question_key: a.questionKey,
        answer_key: a.answerKey,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function findSurveyAnswers(
  db: Db,
  userId: string,
  surveyType: string,
): Promise<SurveyAnswerRow[]> {
  return db
    .selectFrom('survey_answers')
    .select(['question_key as questionKey', 'answer_key as answerKey'])
    .where('user_id', '=', userId)
    .where('survey_type', '=', surveyType)
    .orderBy('question_key')
    .orderBy('answer_key')
    .execute();
}

/** How many users gave each answer, and how many users answered anything. */
export async function countSurveyAnswers(
  db: Db,
  surveyType: string,
): Promise<{ respondents: number; counts: (SurveyAnswerRow & { count: number })[] }> {
  const counts = await db
    .selectFrom('survey_answers')
    .select([
      'question_key as questionKey',
      'answer_key as answerKey',
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('survey_type', '=', surveyType)
    .groupBy(['question_key', 'answer_key'])
    .execute();
  const { respondents } = await db
    .selectFrom('survey_answers')
    .select(sql<number>`count(distinct user_id)::int`.as('respondents'))
    .where('survey_type', '=', surveyType)
    .executeTakeFirstOrThrow();
  return { respondents, counts };
}
