// Baseline for bench/identity-users-me.ts: bare express doing the same work as identity's
// `GET /api/users/me`, written the plain way: verify the RS256 bearer token (key from identity's
// JWKS, issuer, audience, algorithm), read the user, its profile flag and social providers from
// identity's Postgres in one query (pg pool of 10, like identity's), refuse a suspended account,
// answer the same JSON. No logging, metrics, request ids, rate limits or security headers.
//   node bench/identity-bare-server.mjs <port>   env: BENCH_DATABASE_URL, BENCH_JWKS_URL
import { createPublicKey } from 'node:crypto';
import express from 'express';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const port = Number(process.argv[2] ?? 0);
const jwks = await (await fetch(process.env.BENCH_JWKS_URL)).json();
const keys = new Map(jwks.keys.map((k) => [k.kid, createPublicKey({ key: k, format: 'jwk' })]));
const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: Number(process.env.BENCH_POOL_MAX ?? 10),
});

const SQL = `select u.id, u.public_user_id, u.first_name, u.last_name, u.email, u.phone_number, u.gender, u.role,
  u.is_active, u.is_enabled, u.newsletter_consent, u.language, u.created_at,
  coalesce(p.is_data_complete, false) as is_data_complete,
  coalesce((select array_agg(s.provider order by s.provider) from social_accounts s where s.user_id = u.id), '{}') as providers
  from users u left join user_profiles p on p.user_id = u.id where u.id = $1`;

let errorShown = false;
const app = express();
app.get('/api/users/me', async (req, res) => {
  try {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const { header } = jwt.decode(token, { complete: true }) ?? {};
    const key = keys.get(header?.kid);
    if (!key) return res.status(401).json({ statusCode: 401 });
    let claims;
    try {
      claims = jwt.verify(token, key, { algorithms: ['RS256'], issuer: 'gleba-identity', audience: 'gleba' });
    } catch {
      return res.status(401).json({ statusCode: 401 });
    }
    const { rows } = await pool.query(SQL, [claims.sub]);
    const row = rows[0];
    if (!row) return res.status(401).json({ statusCode: 401 });
    if (!row.is_enabled) return res.status(403).json({ statusCode: 403 });
    res.json({
      id: row.id,
      publicUserId: row.public_user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phoneNumber: row.phone_number,
      genderType: row.gender,
      role: row.role,
      isActive: row.is_active,
      isEnabled: row.is_enabled,
      newsletterConsent: row.newsletter_consent,
      language: row.language,
      isDataComplete: row.is_data_complete,
      socialAccounts: row.providers,
      createdAt: row.created_at.toISOString(),
    });
  } catch (error) {
    if (!errorShown) console.error(`bare server: ${error.message}`);
    errorShown = true;
    res.status(500).json({ statusCode: 500 });
  }
});
const server = app.listen(port, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
server.keepAliveTimeout = 65_000;
