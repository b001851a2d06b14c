import { rm } from 'node:fs/promises';
import path from 'node:path';
import { erasePlatformTraces, type PrivacyUseCases } from '@gleba/platform';
import type { Database } from '../db/database';
import {
  contactNeedlesOf,
  deleteReadModels,
  eraseComplaintTexts,
  eraseSampleLocations,
  ordersDataOf,
  ordersToAnonymize,
  photoPathsOf,
  setFarmOrderPersonal,
  setGardenTestPersonal,
  setKitOrderAddress,
} from '../db/repositories/privacy.repository';
import { anonymizedAddress, anonymizedCustomer, isAnonymized } from '../domain/erasure';
import type { Deps } from './deps';

/**
 * Orders' part of a person's data. Erasure keeps every order for accounting (decision 0057) with
 * the person's name, contact and address replaced; photos are deleted from disk; the contact and
 * crop read models are deleted.
 */
export function ordersPrivacy(deps: Deps): PrivacyUseCases<Database> {
  return {
    async exportPart(trx, userId) {
      const d = await ordersDataOf(trx, userId);
      return [{ name: 'orders.json', content: { ...d, payments: d.payments } }];
    },
    async erase(trx, userId) {
      const contact = await contactNeedlesOf(trx, userId);
      const needles = [
        userId,
        ...(contact ? [contact.email] : []),
        ...(contact?.phone_number ? [contact.phone_number] : []),
      ];
      // Files first: a run that fails after this finds no file and goes on (rm with force).
      const photos = await photoPathsOf(trx, userId);
      const root = path.resolve(deps.ctx.config.UPLOAD_DIR);
      for (const relative of photos) {
        const absolute = path.resolve(root, relative);
        if (absolute.startsWith(`${root}${path.sep}`)) await rm(absolute, { force: true });
      }
      const { farm, garden, kits } = await ordersToAnonymize(trx, userId);
      let anonymized = 0;
      for (const o of farm) {
        if (isAnonymized(o.customer)) continue;
        await setFarmOrderPersonal(
          trx,
          o.id,
          anonymizedCustomer(o.customer),
          anonymizedAddress(o.delivery_address),
        );
        anonymized++;
      }
      for (const t of garden) {
        if (isAnonymized(t.customer)) continue;
        await setGardenTestPersonal(trx, t.id, anonymizedCustomer(t.customer));
        anonymized++;
      }
      for (const k of kits) {
        if ((k.delivery_address as { recipient?: unknown } | null)?.recipient === 'ERASED') continue;
        await setKitOrderAddress(trx, k.id, anonymizedAddress(k.delivery_address));
        anonymized++;
      }
      const complaints = await eraseComplaintTexts(trx, userId);
      const sampleLocations = await eraseSampleLocations(trx, userId);
      const readModels = await deleteReadModels(trx, userId);
      const traces = await erasePlatformTraces(trx, needles);
      return {
        ordersAnonymized: anonymized,
        photosDeleted: photos.length,
        complaints,
        sampleLocations,
        ...readModels,
        ...traces,
      };
    },
  };
}
