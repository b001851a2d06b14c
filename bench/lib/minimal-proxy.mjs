// The cheapest proxy hop node:http allows: forwards every request to one upstream over keep-alive
// connections and streams the answer back; no framework, authentication, rate limits, headers or
// logs. A bench measures it in front of its baseline to show what the extra hop alone costs.
//   node bench/lib/minimal-proxy.mjs <port> <upstreamUrl>
import http from 'node:http';

const port = Number(process.argv[2] ?? 0);
const upstream = new URL(process.argv[3]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
const server = http.createServer((req, res) => {
  const up = http.request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  up.on('error', () => res.destroy());
  req.pipe(up);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
