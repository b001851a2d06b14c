import { sql, type Kysely, type Migration } from 'kysely';

/** SurveyAnswer (spec data model): one row per answer a user gave to a survey question. */
export const createSurveyAnswers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('survey_answers')
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('survey_type', 'text', (c) => c.notNull())
      .addColumn('question_key', 'text', (c) => c.notNull())
      .addColumn('answer_key', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('survey_answers_pk', ['user_id', 'survey_type', 'question_key', 'answer_key'])
      .execute();
    await db.schema
      .createIndex('survey_answers_question_idx')
      .on('survey_answers')
      .columns(['survey_type', 'question_key', 'answer_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('survey_answers').execute();
  },
};
