// The customer app built with VITE_MAP_STYLE=blank (a background-only map style: no remote tile,
// nothing leaves 127.0.0.1, the map canvas paints the same on every run), served with history
// fallback, /api proxied to the suite's gateway. The map suites use it; the journeys use the
// gateway's own build with remote requests blocked.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The built app from `dir` with history fallback; /api goes to the gateway unchanged. */
export async function serveApp(
  dir: string,
  gateway: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(gateway);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Builds the blank-map customer app into a temp folder and serves it; `close` removes both. */
export function startBlankMapApp(
  gateway: string,
  tag: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  return startMapApp(gateway, tag, { VITE_MAP_STYLE: 'blank' });
}

/**
 * The customer app built with the given `VITE_MAP_*` settings (e.g. the Geoportal style with tile
 * URLs on hosts the test answers with `page.route`), served like the blank-map one.
 */
export async function startMapApp(
  gateway: string,
  tag: string,
  mapEnv: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const buildDir = mkdtempSync(path.join(os.tmpdir(), `gleba-${tag}-map-`));
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', buildDir, '--emptyOutDir'],
    {
      cwd: path.join(ROOT, 'frontends/customer'),
      env: { ...process.env, ...mapEnv },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`customer build failed:\n${build.stdout}\n${build.stderr}`);
  const app = await serveApp(buildDir, gateway);
  return {
    url: app.url,
    close: async () => {
      await app.close();
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}
