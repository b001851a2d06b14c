import useSWR from 'swr';
import type { AdminMode, TDeliveryList, TSmsLogList } from '@gleba/contracts';
import type { QueryValue } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

export function useFailedDeliveries(mode: AdminMode, channel: string, page: number) {
  const query: Record<string, QueryValue> = {
    status: 'FAILED',
    page,
    perPage: 20,
    orderBy: 'createdAt:desc',
    ...(channel ? { channel } : {}),
  };
  return useSWR<TDeliveryList>(
    ['deliveries', query, mode] as const,
    ([path, q]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<TDeliveryList>(path, { query: q }),
  );
}

export function useSmsLog(mode: AdminMode, page: number) {
  return useSWR<TSmsLogList>(
    ['deliveries/sms-log', { page, perPage: 20 }, mode] as const,
    ([path, q]: readonly [string, Record<string, QueryValue>, AdminMode]) =>
      api.get<TSmsLogList>(path, { query: q }),
  );
}
