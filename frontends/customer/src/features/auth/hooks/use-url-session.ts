import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@gleba/ui';
import { describeError, useLang } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { exchangeAuthCode, isTokenPair } from '../api/auth';

/**
 * Spec section 4: `?accessToken=&refreshToken=` are stored and the user goes to /; an `authCode`
 * (social sign-in) is exchanged at `GET auth/token-exchange` first. True while that runs.
 */
export function useUrlSession(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLang();
  const signIn = useSessionStore((s) => s.signIn);
  const params = new URLSearchParams(location.search);
  const accessToken = params.get('accessToken');
  const refreshToken = params.get('refreshToken');
  const authCode = params.get('authCode');
  const [exchanging, setExchanging] = useState(false);
  /** An auth code works once: never exchange the same code twice (React may run effects twice). */
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (accessToken && refreshToken) {
      signIn({ accessToken, refreshToken });
      navigate('/', { replace: true });
      return;
    }
    if (!authCode || exchanged.current === authCode) return;
    exchanged.current = authCode;
    setExchanging(true);
    exchangeAuthCode(authCode)
      .then((pair) => {
        if (!isTokenPair(pair)) throw new Error('token exchange answered without tokens');
        signIn(pair);
      })
      .catch((error: unknown) => toast.error(describeError(lang, error)))
      .finally(() => {
        setExchanging(false);
        navigate('/', { replace: true });
      });
  }, [accessToken, refreshToken, authCode, signIn, navigate, lang]);

  return exchanging || Boolean(accessToken && refreshToken) || Boolean(authCode);
}
