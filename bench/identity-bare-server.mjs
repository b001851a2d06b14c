// Baseline for bench/identity-users-me.ts: bare express answering every GET with the JSON in
// BENCH_BODY (the same bytes identity's GET /api/users/me returns).
import express from 'express';

const port = Number(process.argv[2] ?? 0);
const body = process.env.BENCH_BODY ?? '{}';
const app = express();
app.get('/{*rest}', (_req, res) => res.type('application/json').send(body));
const server = app.listen(port, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
server.keepAliveTimeout = 65_000;
