import useSWR, { type ScopedMutator } from 'swr';
import type { TSamplingPlan, TSamplingSample, TTakenPuncture } from '@gleba/contracts';
import { api } from '../api-client';
import { isOfflineError } from '../offline/offline';

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

function keepPlan(plan: TSamplingPlan): void {
  try {
    localStorage.setItem(STORED_PREFIX + plan.orderId, JSON.stringify(plan));
  } catch {
    // storage full: the screen still works online
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
      keepPlan(plan);
      return { plan, offline: false };
    } catch (error) {
      const kept = isOfflineError(error) ? storedPlan(orderId) : null;
      if (kept) return { plan: kept, offline: true };
      throw error;
    }
  });
}

export const sendPunctures = (orderId: string, sampleId: string, punctures: TTakenPuncture[]) =>
  api.post<TSamplingSample>(
    `orders/${encodeURIComponent(orderId)}/samples/${encodeURIComponent(sampleId)}/punctures`,
    { punctures },
  );

/**
 * Sends punctures and puts the sample the server answers into the plan (the screen's and the
 * phone's copy) before the queue lets them go, so the screen never shows them untaken meanwhile.
 */
export function sendAndKeep(mutate: ScopedMutator) {
  return async (orderId: string, sampleId: string, punctures: TTakenPuncture[]) => {
    const sample = await sendPunctures(orderId, sampleId, punctures);
    await mutate<PlanAnswer>(
      samplingKey(orderId),
      (current) => {
        if (!current) return current;
        const plan = {
          ...current.plan,
          samples: current.plan.samples.map((s) => (s.sampleId === sample.sampleId ? sample : s)),
        };
        keepPlan(plan);
        return { ...current, plan };
      },
      { revalidate: false },
    );
  };
}
