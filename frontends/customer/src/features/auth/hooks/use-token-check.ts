import { useEffect, useState } from 'react';

export type TokenCheck = 'checking' | 'valid' | 'invalid';

/** Runs a link-token check once per token; the answer itself is not used. */
export function useTokenCheck(
  token: string | undefined,
  check: (token: string) => Promise<unknown>,
): TokenCheck {
  const [state, setState] = useState<TokenCheck>(token ? 'checking' : 'invalid');
  useEffect(() => {
    if (!token) return setState('invalid');
    let live = true;
    setState('checking');
    check(token).then(
      () => live && setState('valid'),
      () => live && setState('invalid'),
    );
    return () => {
      live = false;
    };
  }, [token, check]);
  return state;
}
