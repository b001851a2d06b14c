import jwt from 'jsonwebtoken';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Redis } from 'ioredis';
import { AppError } from '@gleba/platform';
import { IdentityErrorCode, type AuthProvider, type TSocialProvider } from '@gleba/contracts';
import type { Config } from '../config';
import { constantTimeEquals, newOpaqueToken } from '../domain/secrets';

/** Who the provider vouches for. */
export interface SocialIdentity {
  provider: AuthProvider;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

interface OidcProvider {
  kind: 'oidc';
  provider: AuthProvider;
  clientId: string;
  clientSecret: () => string;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  formPost: boolean;
}

interface FacebookProvider {
  kind: 'facebook';
  provider: AuthProvider;
  appId: string;
  appSecret: string;
  authorizeUrl: string;
  graphUrl: string;
}

const failed = (reason: string) =>
  new AppError(IdentityErrorCode.socialSignInFailed, 401, `Social sign-in failed: ${reason}`);

/**
 * Google and Apple: authorization code flow with an OIDC ID token checked against the
 * provider's JWKS (issuer, audience, expiry, nonce). Facebook: the access token is checked
 * with `debug_token` (our app, valid, not expired) before `/me` gives the e-mail. The state
 * and nonce live in Redis for a few minutes and work once.
 */
export class SocialSignIn {
  private readonly providers: Record<TSocialProvider, OidcProvider | FacebookProvider>;
  private readonly jwks = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly config: Config,
    private readonly redis: Redis,
  ) {
    const sim = config.OIDC_BASE_URL.replace(/\/$/, '');
    this.providers = {
      google: {
        kind: 'oidc',
        provider: 'GOOGLE',
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: () => config.GOOGLE_CLIENT_SECRET,
        issuer: config.GOOGLE_ISSUER ?? sim,
        authorizeUrl: config.GOOGLE_AUTHORIZE_URL ?? `${sim}/authorize`,
        tokenUrl: config.GOOGLE_TOKEN_URL ?? `${sim}/token`,
        jwksUrl: config.GOOGLE_JWKS_URL ?? `${sim}/jwks`,
        formPost: false,
      },
      apple: {
        kind: 'oidc',
        provider: 'APPLE',
        clientId: config.APPLE_CLIENT_ID,
        clientSecret: () => this.appleClientSecret(),
        issuer: config.APPLE_ISSUER ?? sim,
        authorizeUrl: config.APPLE_AUTHORIZE_URL ?? `${sim}/authorize`,
        tokenUrl: config.APPLE_TOKEN_URL ?? `${sim}/token`,
        jwksUrl: config.APPLE_JWKS_URL ?? `${sim}/jwks`,
        formPost: true,
      },
      facebook: {
        kind: 'facebook',
        provider: 'FACEBOOK',
        appId: config.FACEBOOK_APP_ID,
        appSecret: config.FACEBOOK_APP_SECRET,
        authorizeUrl: config.FACEBOOK_AUTHORIZE_URL ?? `${sim}/facebook/dialog/oauth`,
        graphUrl: (config.FACEBOOK_GRAPH_URL ?? `${sim}/facebook`).replace(/\/$/, ''),
      },
    };
  }

  /** Apple wants an ES256 JWT signed with the team's key as client secret. */
  private appleClientSecret(): string {
    const c = this.config;
    if (!c.APPLE_PRIVATE_KEY || !c.APPLE_TEAM_ID || !c.APPLE_KEY_ID) return c.APPLE_CLIENT_SECRET;
    return jwt.sign({ sub: c.APPLE_CLIENT_ID }, c.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'), {
      algorithm: 'ES256',
      keyid: c.APPLE_KEY_ID,
      issuer: c.APPLE_TEAM_ID,
      audience: 'https://appleid.apple.com',
      expiresIn: 300,
    });
  }

  private stateKey(state: string): string {
    return `${this.config.REDIS_PREFIX}:identity:social-state:${state}`;
  }

  /** The provider's authorize URL, with a fresh state and nonce remembered for the callback. */
  async authorizeUrl(name: TSocialProvider, redirectUri: string): Promise<string> {
    const p = this.providers[name];
    const state = newOpaqueToken();
    const nonce = newOpaqueToken();
    await this.redis.set(
      this.stateKey(state),
      JSON.stringify({ provider: name, nonce }),
      'EX',
      this.config.SOCIAL_STATE_TTL_SECONDS,
    );
    const url = new URL(p.authorizeUrl);
    const params: Record<string, string> =
      p.kind === 'oidc'
        ? {
            client_id: p.clientId,
            redirect_uri: redirectUri,
            response_type: 'code',
            scope: p.provider === 'APPLE' ? 'name email' : 'openid email profile',
            state,
            nonce,
            ...(p.formPost ? { response_mode: 'form_post' } : {}),
          }
        : {
            client_id: p.appId,
            redirect_uri: redirectUri,
            response_type: 'code',
            scope: 'email,public_profile',
            state,
          };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.href;
  }

  /** Checks the state (once), exchanges the code and verifies what the provider says. */
  async complete(
    name: TSocialProvider,
    input: { code?: string; state?: string; error?: string },
    redirectUri: string,
  ): Promise<SocialIdentity> {
    if (input.error) throw failed(`provider answered ${input.error}`);
    if (!input.state || !input.code) throw failed('missing code or state');
    const saved = await this.redis.getdel(this.stateKey(input.state));
    if (!saved) throw failed('unknown or used state');
    const { provider, nonce } = JSON.parse(saved) as { provider: string; nonce: string };
    if (provider !== name) throw failed('state of another provider');
    const p = this.providers[name];
    return p.kind === 'oidc'
      ? this.completeOidc(p, input.code, nonce, redirectUri)
      : this.completeFacebook(p, input.code, redirectUri);
  }

  private async call<T>(url: string, init?: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.SOCIAL_HTTP_TIMEOUT_MS) });
    } catch (error) {
      throw new AppError(
        IdentityErrorCode.socialProviderUnavailable,
        503,
        `Provider unreachable: ${(error as Error).message}`,
      );
    }
    const body = (await res.json().catch(() => null)) as T | null;
    if (!res.ok || body === null) throw failed(`provider answered ${res.status}`);
    return body;
  }

  private async completeOidc(
    p: OidcProvider,
    code: string,
    nonce: string,
    redirectUri: string,
  ): Promise<SocialIdentity> {
    const tokens = await this.call<{ id_token?: string }>(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: p.clientId,
        client_secret: p.clientSecret(),
      }),
    });
    if (!tokens.id_token) throw failed('no ID token');
    let jwks = this.jwks.get(p.jwksUrl);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(p.jwksUrl), { timeoutDuration: this.config.SOCIAL_HTTP_TIMEOUT_MS });
      this.jwks.set(p.jwksUrl, jwks);
    }
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(tokens.id_token, jwks, {
        issuer: p.issuer,
        audience: p.clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      throw failed(`ID token rejected: ${(error as Error).message}`);
    }
    if (typeof claims.nonce !== 'string' || !constantTimeEquals(claims.nonce, nonce))
      throw failed('nonce mismatch');
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    // Apple sends "true" as a string.
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified) throw failed('no verified e-mail');
    return {
      provider: p.provider,
      subject: String(claims.sub),
      email,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    };
  }

  private async completeFacebook(
    p: FacebookProvider,
    code: string,
    redirectUri: string,
  ): Promise<SocialIdentity> {
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const { access_token: accessToken } = await this.call<{ access_token?: string }>(
      `${p.graphUrl}/oauth/access_token?${q({ client_id: p.appId, client_secret: p.appSecret, redirect_uri: redirectUri, code })}`,
    );
    if (!accessToken) throw failed('no access token');
    const debug = await this.call<{
      data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number };
    }>(
      `${p.graphUrl}/debug_token?${q({ input_token: accessToken, access_token: `${p.appId}|${p.appSecret}` })}`,
    );
    const d = debug.data;
    if (!d?.is_valid || !d.user_id || d.app_id !== p.appId)
      throw failed('access token not valid for this app');
    if (d.expires_at && d.expires_at > 0 && d.expires_at * 1000 <= Date.now())
      throw failed('access token expired');
    const me = await this.call<{ id?: string; email?: string; first_name?: string; last_name?: string }>(
      `${p.graphUrl}/me?${q({ fields: 'id,email,first_name,last_name', access_token: accessToken })}`,
    );
    if (me.id !== d.user_id) throw failed('profile of another user');
    if (!me.email) throw failed('no e-mail shared');
    return {
      provider: p.provider,
      subject: me.id,
      email: me.email.toLowerCase(),
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
    };
  }
}
