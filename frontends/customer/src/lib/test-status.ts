import type { Language } from '@gleba/contracts';

const RESULT_STATUSES = new Set([
  'PARTIAL_RESULTS',
  'COMPLETE_RESULTS',
  'RESULTS_UPDATED',
  'RESULTS_READY',
  'ORDER_COMPLETED',
]);

export const hasResults = (status: string | undefined) => status !== undefined && RESULT_STATUSES.has(status);
/** A garden test whose shipment was confirmed may be sent (the wizard checks with shipping). */
export const isShippable = (status: string | undefined) => status === 'WAITING_FOR_RESULTS';
/** A farm order is shipped once its samples are collected (shipping offers it from that status on). */
export const isFarmShippable = (status: string | undefined) => status === 'SAMPLES_COLLECTION_COMPLETED';
export const isEditable = (status: string | undefined) => status === 'WAITING_FOR_SHIPMENT';

export const locale = (lang: Language) => (lang === 'en' ? 'en-GB' : lang === 'uk' ? 'uk-UA' : 'pl-PL');

export function formatDate(lang: Language, iso: string, withTime = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return withTime
    ? d.toLocaleString(locale(lang), { dateStyle: 'short', timeStyle: 'short' })
    : d.toLocaleDateString(locale(lang));
}
