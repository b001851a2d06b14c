import { erasePlatformTraces, type PrivacyUseCases } from '@gleba/platform';
import type { Database } from '../db/database';
import { detachSamples, labDataOf } from '../db/repositories/privacy.repository';

/** Lab-import's part: samples, results, recommendations; erasure detaches them (the lab keeps results). */
export const labImportPrivacy: PrivacyUseCases<Database> = {
  async exportPart(trx, userId) {
    return [{ name: 'lab-import.json', content: await labDataOf(trx, userId) }];
  },
  async erase(trx, userId) {
    const samplesDetached = await detachSamples(trx, userId);
    return { samplesDetached, ...(await erasePlatformTraces(trx, [userId])) };
  },
};
