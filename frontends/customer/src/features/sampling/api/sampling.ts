import useSWR from 'swr';
import type { TSamplingPlan, TTakenPuncture } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { isOfflineError } from '../../pwa/rules/offline';

export const samplingKey = (orderId: string) => `orders/${encodeURIComponent(orderId)}/sampling`;
const STORED_PREFIX = 'gleba_sampling_plan_';

/** The plan as last fetched, kept on the phone so the screen works in the field without signal. */
export function storedPlan(orderId: string): TSamplingPlan | null {
  try {
    const raw = localStorage.getItem(STORED_PREFIX + orderId);
    return raw ? (JSON.parse(raw) as TSamplingPlan) : null;
  } catch {
    return null;
  }
}

export interface PlanAnswer {
  plan: TSamplingPlan;
  /** Read from the phone (no connection). */
  offline: boolean;
}

/** `GET /api/orders/:id/sampling`; offline, the copy kept on the phone. */
export function useSamplingPlan(orderId: string) {
  return useSWR<PlanAnswer>(orderId ? samplingKey(orderId) : null, async (key: string) => {
    try {
      const plan = await api.get<TSamplingPlan>(key);
      try {
        localStorage.setItem(STORED_PREFIX + orderId, JSON.stringify(plan));
      } catch {
        // storage full: the screen still works online
      }
      return { plan, offline: false };
    } catch (error) {
      const kept = isOfflineError(error) ? storedPlan(orderId) : null;
      if (kept) return { plan: kept, offline: true };
      throw error;
    }
  });
}

export const sendPunctures = (orderId: string, sampleId: string, punctures: TTakenPuncture[]) =>
  api.post(`orders/${encodeURIComponent(orderId)}/samples/${encodeURIComponent(sampleId)}/punctures`, {
    punctures,
  });
