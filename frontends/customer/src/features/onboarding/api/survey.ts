import type { TSurveyAnswers, TSurveyAnswersBody } from '@gleba/contracts';
import { api } from '../../../lib/api-client';

export const fetchSurveyAnswers = () => api.get<TSurveyAnswers>('users/me/survey');
export const saveSurveyAnswers = (body: TSurveyAnswersBody) =>
  api.put<TSurveyAnswers>('users/me/survey', body);
