import { ERASURE_COMPLETED, EXPORT_PART_WRITTEN, PRIVACY_SERVICES } from '@gleba/contracts';
import { on, privacyHandlers, type EventHandler } from '@gleba/platform';
import { erasureCompleted, exportPartWritten, identityPrivacy } from '../app/privacy';
import type { Deps } from '../app/deps';
import type { Database } from '../db/database';

/**
 * Identity answers for its own data like every service (through the broker, so the request and
 * its answers take one path), and tracks every service's answer.
 */
export function privacyConsumers(ctx: Deps): EventHandler<Database>[] {
  return [
    ...privacyHandlers<Database>('identity', ctx, identityPrivacy),
    ...PRIVACY_SERVICES.flatMap((service) => [
      on<Database, (typeof EXPORT_PART_WRITTEN)[typeof service]>(EXPORT_PART_WRITTEN[service], (trx, d) =>
        exportPartWritten(ctx, trx, service, d),
      ),
      on<Database, (typeof ERASURE_COMPLETED)[typeof service]>(ERASURE_COMPLETED[service], (trx, d) =>
        erasureCompleted(ctx, trx, service, d),
      ),
    ]),
  ];
}
