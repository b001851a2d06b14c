// A bare express server answering every GET with the same small JSON: the baseline.
import express from 'express';

const port = Number(process.argv[2] ?? 0);
const app = express();
app.all('/{*rest}', (_req, res) => res.json({ status: 'ok' }));
const server = app.listen(port, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
server.keepAliveTimeout = 65_000;
