import type { Migration } from 'kysely';
import { createIdentityTables } from './2026_11_22_010000_create_identity_tables';
import { createSurveyAnswers } from './2026_11_26_010000_create_survey_answers';
import { createPrivacyRequests } from './2026_11_26_135000_create_privacy_requests';

/** Every migration of this service, in order of their names (`yyyy_mm_dd_hhmmss_<verb>_<noun>`). */
export const migrations: Record<string, Migration> = {
  '2026_11_22_010000_create_identity_tables': createIdentityTables,
  '2026_11_26_010000_create_survey_answers': createSurveyAnswers,
  '2026_11_26_135000_create_privacy_requests': createPrivacyRequests,
};
