import useSWR from 'swr';
import type { TCurrentUser } from '@gleba/contracts';

export const currentUserKey = 'users/me';

/** The signed-in user (spec section 4: the session is valid when this succeeds). */
export function useCurrentUser() {
  return useSWR<TCurrentUser>(currentUserKey);
}
