import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError, TextField, toast } from '@gleba/ui';
import { ZEmailBody, type TTokenPair } from '@gleba/contracts';
import { AuthCard } from '../../../components/auth-card';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { activate, isTokenPair, requestActivationLink } from '../api/auth';

export type ActivationOutcome = { ok: true; pair: TTokenPair } | { ok: false; message: string };

/**
 * Spec section 5: the token must be a string (else "Invalid token"); the answer must carry both
 * tokens (else "Invalid response from server"). The caller stores the session.
 */
export async function runActivation(
  token: unknown,
  deps: {
    activate: (token: string) => Promise<unknown>;
    tr: (key: string) => string;
    describe: (e: unknown) => string;
  },
): Promise<ActivationOutcome> {
  if (typeof token !== 'string' || token.length === 0)
    return { ok: false, message: deps.tr('customer.invalidToken') };
  try {
    const answer = await deps.activate(token);
    if (!isTokenPair(answer)) return { ok: false, message: deps.tr('customer.invalidResponse') };
    return { ok: true, pair: answer };
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
      <TextField
        label={tr('customer.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button gl-button--secondary">
        {tr('customer.activationResend')}
      </button>
    </form>
  );
}

/** An activation link works once: a page shown again for the same token reuses the first answer. */
const activations = new Map<string, Promise<ActivationOutcome>>();

/** /activate/{token} */
export function ActivationPage() {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { token } = useParams();
  const signIn = useSessionStore((s) => s.signIn);
  const [outcome, setOutcome] = useState<ActivationOutcome>();
  const deps = useRef({ tr, lang, navigate, signIn });
  deps.current = { tr, lang, navigate, signIn };

  useEffect(() => {
    let live = true;
    const key = typeof token === 'string' ? token : '';
    let pending = activations.get(key);
    if (!pending) {
      const { tr: translate, lang: language } = deps.current;
      pending = runActivation(token, {
        activate,
        tr: translate,
        describe: (e) => describeError(language, e),
      });
      activations.set(key, pending);
      void pending.then((result) => {
        if (result.ok) toast.success(translate('customer.activationSuccess'));
        else activations.delete(key); // a failed link may be tried again
      });
    }
    void pending.then((result) => {
      if (!live) return;
      if (!result.ok) return setOutcome(result);
      deps.current.navigate('/', { replace: true });
      deps.current.signIn(result.pair);
    });
    return () => {
      live = false;
    };
  }, [token]);

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
