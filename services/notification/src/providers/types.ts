export interface SendResult {
  externalId: string;
  sentAt: Date;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
}

export interface SmsMessage {
  /** E.164 */
  to: string;
  body: string;
  deliveryId: string | null;
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
