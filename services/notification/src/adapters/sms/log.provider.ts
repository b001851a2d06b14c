import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { insertSmsLog } from '../../db/repositories/sms-log.repository';
import type { SendResult, SmsMessage, SmsProvider } from '../types';

/** Without Twilio credentials SMS are kept in `sms_log`, readable at `GET /farm-api/deliveries/sms-log`. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(
    private readonly db: Kysely<Database>,
    private readonly from: string,
  ) {}

  async send(message: SmsMessage): Promise<SendResult> {
    const row = await insertSmsLog(this.db, {
      deliveryId: message.deliveryId,
      to: message.to,
      from: this.from,
      body: message.body,
      segments: message.segments,
      encoding: message.encoding,
    });
    return { externalId: `log:${row.id}`, sentAt: row.createdAt, logged: true };
  }
}
