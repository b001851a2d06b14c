import { STORAGE_KEYS, type TTokenPair } from '@gleba/contracts';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session's token pair in local storage under `token` / `refresh_token` (spec section 3). */
export interface TokenStore {
  accessToken(): string | null;
  refreshToken(): string | null;
  set(pair: TTokenPair): void;
  clear(): void;
}

export function createTokenStore(storage: TokenStorage | undefined = browserStorage()): TokenStore {
  return {
    accessToken: () => storage?.getItem(STORAGE_KEYS.token) ?? null,
    refreshToken: () => storage?.getItem(STORAGE_KEYS.refreshToken) ?? null,
    set: (pair) => {
      storage?.setItem(STORAGE_KEYS.token, pair.accessToken);
      storage?.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken);
    },
    clear: () => {
      storage?.removeItem(STORAGE_KEYS.token);
      storage?.removeItem(STORAGE_KEYS.refreshToken);
    },
  };
}

function browserStorage(): TokenStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
