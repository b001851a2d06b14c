/**
 * The navigation state of a `/logout` after the account's erasure started: the erasure already
 * ended every session and disabled the account, so identity is not told (it would refuse, 403).
 */
export const ERASED = { erased: true } as const;

/** Whether a `/logout` navigation state says the account is being erased. */
export const isErased = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { erased?: unknown }).erased === true;
