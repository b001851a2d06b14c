export interface SendResult {
  externalId: string;
  sentAt: Date;
  /** Kept in the SMS log only (no provider configured): nothing reached the recipient. */
  logged?: boolean;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post` of marketing mail). */
  headers?: Record<string, string>;
}

export interface SmsMessage {
  /** E.164 */
  to: string;
  body: string;
  deliveryId: string | null;
  /** Segments the body takes and its encoding (decision 0038). */
  segments: number;
  encoding: 'GSM7' | 'UCS2';
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<SendResult>;
  close(): Promise<void>;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SendResult>;
}

/** A provider's refusal. `permanent`: retrying cannot help (bad number, rejected address). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
