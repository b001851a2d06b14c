import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError, TextField, toast } from '@gleba/ui';
import { ZEmailBody } from '@gleba/contracts';
import { AuthCard } from '../../../components/auth-card';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { activate, isTokenPair, requestActivationLink } from '../api/auth';

export type ActivationOutcome = { ok: true } | { ok: false; message: string };

/**
 * Spec section 5: the token must be a string (else "Invalid token"); the answer must carry both
 * tokens (else "Invalid response from server"). On success the session is stored.
 */
export async function runActivation(
  token: unknown,
  deps: { activate: (token: string) => Promise<unknown>; signIn: (pair: { accessToken: string; refreshToken: string }) => void; tr: (key: string) => string; describe: (e: unknown) => string },
): Promise<ActivationOutcome> {
  if (typeof token !== 'string' || token.length === 0) return { ok: false, message: deps.tr('customer.invalidToken') };
  try {
    const answer = await deps.activate(token);
    if (!isTokenPair(answer)) return { ok: false, message: deps.tr('customer.invalidResponse') };
    deps.signIn(answer);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: deps.describe(error) };
  }
}

function ResendActivation() {
  const tr = useT();
  const lang = useLang();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZEmailBody.safeParse({ email });
    if (!parsed.success) return setError(tr('errors.invalidEmail'));
    try {
      await requestActivationLink(parsed.data);
      setSent(true);
    } catch (err) {
      setError(describeError(lang, err));
    }
  }
  if (sent) return <p role="status">{tr('customer.activationResent')}</p>;
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label={tr('customer.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button gl-button--secondary">
        {tr('customer.activationResend')}
      </button>
    </form>
  );
}

/** /activate/{token} */
export function ActivationPage() {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { token } = useParams();
  const signIn = useSessionStore((s) => s.signIn);
  const [outcome, setOutcome] = useState<ActivationOutcome>();
  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    // Once per token: an activation link works only once, so React's double effects must not call it twice.
    if (started.current === token) return;
    started.current = token;
    void runActivation(token, { activate, signIn, tr, describe: (e) => describeError(lang, e) }).then((result) => {
      if (result.ok) {
        toast.success(tr('customer.activationSuccess'));
        navigate('/', { replace: true });
      } else setOutcome(result);
    });
  }, [token, signIn, tr, lang, navigate]);

  if (!outcome || outcome.ok) {
    return (
      <AuthCard title={tr('customer.titleActivation')}>
        <p aria-busy="true">{tr('customer.activationInProgress')}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={tr('customer.activationErrorTitle')}>
      <p role="alert" className="gl-field__error">
        {outcome.message}
      </p>
      <p>{tr('customer.activationErrorText')}</p>
      <ResendActivation />
      <p className="auth-card__links">
        <Link to="/login">{tr('customer.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
