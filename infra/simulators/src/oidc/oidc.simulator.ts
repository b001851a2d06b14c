import { createHash, randomUUID } from 'node:crypto';
import express from 'express';
import { OAuth2Server } from 'oauth2-mock-server';
import { listen, type SimulatorHandle } from '../simulator';

/** The person who "signs in" at the simulated provider. */
export interface OidcSimUser {
  email: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
}

export interface OidcSimulatorHandle extends SimulatorHandle {
  /** Issuer of the ID tokens (Google and Apple flows both point at it). */
  issuer: string;
  /** Facebook Graph base (`/facebook`): `dialog/oauth`, `oauth/access_token`, `debug_token`, `me`. */
  facebookUrl: string;
  /** Who signs in when the authorize request carries no `login_hint`. */
  setDefaultUser(user: OidcSimUser): void;
  /** Merged into the next ID token's claims (tests: wrong nonce, expired, other audience). */
  tamperNextIdToken(patch: Record<string, unknown>): void;
  /** Merged into the next Facebook `debug_token` data (tests: another app, expired, not valid). */
  tamperNextFacebookDebug(patch: Record<string, unknown>): void;
}

const DEFAULT_USER: OidcSimUser = {
  email: 'social.user@example.com',
  givenName: 'Social',
  familyName: 'User',
};

function subjectOf(email: string): string {
  return `sim-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;
}

/**
 * A local OpenID provider (npm `oauth2-mock-server`) standing in for Google and Apple sign-in,
 * plus a tiny fake of the Facebook Graph endpoints the web login uses. The authorize step
 * signs in `login_hint` (an e-mail) or the default user without any page. Apple's
 * `response_mode=form_post` is honoured: the code comes back in an auto-submitted form.
 */
export async function startOidcSimulator(options: { port?: number } = {}): Promise<OidcSimulatorHandle> {
  // Never started itself: its request handler is mounted on our app beside the Facebook fake.
  const mock = new OAuth2Server();
  const { issuer, service } = mock;
  await issuer.keys.generate('RS256');
  let defaultUser = DEFAULT_USER;
  let tamper: Record<string, unknown> | null = null;
  let fbTamper: Record<string, unknown> | null = null;
  const userByCode = new Map<string, OidcSimUser>();

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: express.Request) => {
    const code = redirect.url.searchParams.get('code');
    const hint = typeof req.query.login_hint === 'string' ? req.query.login_hint : undefined;
    if (code)
      userByCode.set(code, hint ? { email: hint, givenName: 'Social', familyName: 'User' } : defaultUser);
  });
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: express.Request) => {
    const code = (req.body as Record<string, string> | undefined)?.code;
    const user = (code && userByCode.get(code)) || defaultUser;
    Object.assign(token.payload, {
      sub: subjectOf(user.email),
      email: user.email,
      email_verified: user.emailVerified ?? true,
      given_name: user.givenName,
      family_name: user.familyName,
    });
    // Only the ID token carries an audience of the client id: tamper with that one.
    if (tamper && typeof token.payload.aud === 'string') {
      Object.assign(token.payload, tamper);
      tamper = null;
    }
  });

  const app = express();
  const fb = express.Router();
  const fbCodes = new Map<string, OidcSimUser>();
  const fbTokens = new Map<string, { user: OidcSimUser; appId: string; expiresAt: number }>();
  fb.get('/dialog/oauth', (req, res) => {
    const redirectUri = String(req.query.redirect_uri ?? '');
    const url = new URL(redirectUri);
    const code = randomUUID();
    const hint = typeof req.query.login_hint === 'string' ? req.query.login_hint : undefined;
    fbCodes.set(code, hint ? { email: hint, givenName: 'Social', familyName: 'User' } : defaultUser);
    url.searchParams.set('code', code);
    if (typeof req.query.state === 'string') url.searchParams.set('state', req.query.state);
    res.redirect(url.href);
  });
  fb.get('/oauth/access_token', (req, res) => {
    const user = fbCodes.get(String(req.query.code));
    if (!user)
      return void res
        .status(400)
        .json({ error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 } });
    fbCodes.delete(String(req.query.code));
    const token = `fb-${randomUUID()}`;
    fbTokens.set(token, {
      user,
      appId: String(req.query.client_id),
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    res.json({ access_token: token, token_type: 'bearer', expires_in: 3600 });
  });
  fb.get('/debug_token', (req, res) => {
    const found = fbTokens.get(String(req.query.input_token));
    if (!found)
      return void res.json({
        data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
      });
    res.json({
      data: {
        app_id: found.appId,
        type: 'USER',
        application: 'Gleba',
        expires_at: found.expiresAt,
        is_valid: true,
        scopes: ['email', 'public_profile'],
        user_id: subjectOf(found.user.email),
        ...(fbTamper ?? {}),
      },
    });
    fbTamper = null;
  });
  fb.get('/me', (req, res) => {
    const found = fbTokens.get(String(req.query.access_token));
    if (!found)
      return void res
        .status(400)
        .json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    res.json({
      id: subjectOf(found.user.email),
      email: found.user.email,
      first_name: found.user.givenName,
      last_name: found.user.familyName,
    });
  });
  app.use('/facebook', fb);
  // Apple's form_post: the code comes back in a self-submitting form instead of a redirect.
  app.get('/authorize', async (req, res, next) => {
    if (req.query.response_mode !== 'form_post') return next();
    const inner = new URL(`${handle.url}/authorize`);
    for (const [k, v] of Object.entries(req.query))
      if (k !== 'response_mode' && typeof v === 'string') inner.searchParams.set(k, v);
    const answer = await fetch(inner, { redirect: 'manual' });
    const location = answer.headers.get('location');
    if (!location) return void res.status(answer.status).send(await answer.text());
    const target = new URL(location);
    const fields = [...target.searchParams.entries()];
    target.search = '';
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res
      .type('html')
      .send(
        `<!doctype html><form method="post" action="${esc(target.href)}">${fields
          .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
          .join('')}</form><script>document.forms[0].submit()</script>`,
      );
  });
  app.use(service.requestHandler);

  const handle = await listen(app, options.port ?? 0);
  issuer.url = handle.url;
  return {
    ...handle,
    issuer: handle.url,
    facebookUrl: `${handle.url}/facebook`,
    setDefaultUser(user) {
      defaultUser = user;
    },
    tamperNextIdToken(patch) {
      tamper = patch;
    },
    tamperNextFacebookDebug(patch) {
      fbTamper = patch;
    },
  };
}
