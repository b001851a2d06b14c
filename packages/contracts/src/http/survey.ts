import { z } from 'zod';
import { IdentityErrorCode as E } from '../errors/identity';

/**
 * The onboarding survey (spec data model SurveyAnswer: surveyType, questionKey, answerKey): every
 * question and its answers, as keys; texts are in `@gleba/i18n` (`survey.<question>_<answer>`).
 * `multiple` questions take several answers; the others one.
 */
export const SURVEYS = {
  ONBOARDING: {
    heardFrom: {
      multiple: false,
      answers: ['search', 'social', 'friend', 'advisor', 'fair', 'press', 'other'],
    },
    grows: {
      multiple: true,
      answers: [
        'cereals',
        'rapeseed',
        'maize',
        'potatoes',
        'beets',
        'vegetables',
        'fruit',
        'grassland',
        'garden',
      ],
    },
    farmSize: {
      multiple: false,
      answers: ['garden', 'under5', 'from5to20', 'from20to50', 'from50to100', 'over100'],
    },
  },
} as const satisfies Record<string, Record<string, { multiple: boolean; answers: readonly string[] }>>;

export const SurveyType = z.enum(['ONBOARDING']);
export type TSurveyType = z.infer<typeof SurveyType>;

export const ZSurveyAnswer = z.object({
  questionKey: z.string().min(1).max(40),
  answerKey: z.string().min(1).max(40),
});

/** The user's answers to one survey: they replace the earlier ones; an empty list withdraws them. */
export const ZSurveyAnswersBody = z
  .object({ answers: z.array(ZSurveyAnswer).max(30) })
  .superRefine((body, ctx) => {
    const survey = SURVEYS.ONBOARDING as Record<string, { multiple: boolean; answers: readonly string[] }>;
    const perQuestion = new Map<string, number>();
    body.answers.forEach((a, i) => {
      const question = survey[a.questionKey];
      if (!question || !question.answers.includes(a.answerKey))
        ctx.addIssue({ code: 'custom', message: E.surveyAnswerUnknown, path: ['answers', i] });
      perQuestion.set(a.questionKey, (perQuestion.get(a.questionKey) ?? 0) + 1);
      if (question && !question.multiple && perQuestion.get(a.questionKey)! > 1)
        ctx.addIssue({ code: 'custom', message: E.surveyOneAnswer, path: ['answers', i] });
    });
  });
export type TSurveyAnswersBody = z.infer<typeof ZSurveyAnswersBody>;

export interface TSurveyAnswers {
  surveyType: TSurveyType;
  answers: { questionKey: string; answerKey: string }[];
}

/** The admin's view: how many people gave each answer, and how many answered at all. */
export interface TSurveyCounts {
  surveyType: TSurveyType;
  respondents: number;
  questions: { questionKey: string; answers: { answerKey: string; count: number }[] }[];
}
