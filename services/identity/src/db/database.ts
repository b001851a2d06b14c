import type { ColumnType, Generated } from 'kysely';
import type { PlatformTables } from '@gleba/platform';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  public_user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  gender: 'MAN' | 'WOMAN' | null;
  /** Null for accounts created by social sign-in until a password is set. */
  password_hash: string | null;
  role: 'USER' | 'ADMIN';
  is_active: boolean;
  /** False while suspended. */
  is_enabled: boolean;
  suspended_reason: string | null;
  newsletter_consent: boolean;
  language: 'pl' | 'en' | 'uk';
  terms_accepted_at: NullableTimestamp;
  /** Set when an erasure anonymized the account (decision 0057): it can never sign in again. */
  erased_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoredAddress {
  voivodeship: string;
  cityName: string;
  postCode: string;
  streetName: string;
  buildingNumber: string;
  apartmentNumber: string | null;
}

export interface UserProfilesTable {
  user_id: string;
  service_role: 'PERSONAL' | 'BUSINESS';
  personal_data: Json<unknown> | null;
  business_data: Json<unknown> | null;
  correspondence_address: Json<unknown> | null;
  is_data_complete: boolean;
  updated_at: Timestamp;
}

export type OneTimeTokenPurpose = 'ACTIVATION' | 'PASSWORD_RESET' | 'AUTH_CODE' | 'ERASURE_CONFIRM';

export interface OneTimeTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  /** One sign-in: every rotation stays in the family; the family id is the session id (`sid`). */
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_jwk: Json<Record<string, unknown>>;
  created_at: Timestamp;
  retired_at: NullableTimestamp;
}

export interface SocialAccountsTable {
  provider: 'GOOGLE' | 'FACEBOOK' | 'APPLE';
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface SurveyAnswersTable {
  user_id: string;
  survey_type: string;
  question_key: string;
  answer_key: string;
  answered_at: Timestamp;
}

export interface PrivacyRequestsTable {
  id: string;
  user_id: string;
  kind: 'EXPORT' | 'ERASURE';
  requested_by: 'OWNER' | 'ADMIN' | 'RETENTION';
  requested_at: Timestamp;
  completed_at: NullableTimestamp;
  overdue_at: NullableTimestamp;
  archive: Buffer | null;
  archive_expires_at: NullableTimestamp;
}

export interface PrivacyRequestServicesTable {
  request_id: string;
  service: string;
  answered_at: NullableTimestamp;
  attempts: Generated<number>;
  /** An export part: the service's files, as they came (gzipped JSON). */
  part: Buffer | null;
}

/** Tables of the identity database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {
  users: UsersTable;
  user_profiles: UserProfilesTable;
  one_time_tokens: OneTimeTokensTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  social_accounts: SocialAccountsTable;
  survey_answers: SurveyAnswersTable;
  privacy_requests: PrivacyRequestsTable;
  privacy_request_services: PrivacyRequestServicesTable;
}
