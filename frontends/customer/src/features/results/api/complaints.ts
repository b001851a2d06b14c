import useSWR from 'swr';
import type { ComplaintReason, TComplaint, TMyComplaints } from '@gleba/contracts';
import { api } from '../../../lib/api-client';

export const complaintsKey = (testId: string) => `soil-tests/${encodeURIComponent(testId)}/complaints`;

/** The complaints about a sample (garden test or farm sample) and whether one may be filed now (`null`: ask nothing). */
export function useComplaints(testId: string | null) {
  return useSWR<TMyComplaints>(testId ? complaintsKey(testId) : null, (key: string) =>
    api.get<TMyComplaints>(key),
  );
}

/** JSON without a photo; multipart (fields and the `photo` file) with one. */
export function fileComplaint(
  testId: string,
  input: { reason: ComplaintReason; text: string; photo: File | null },
): Promise<TComplaint> {
  if (!input.photo)
    return api.post<TComplaint>(complaintsKey(testId), { reason: input.reason, text: input.text });
  const form = new FormData();
  form.append('reason', input.reason);
  form.append('text', input.text);
  form.append('photo', input.photo);
  return api.post<TComplaint>(complaintsKey(testId), form);
}
