import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

/**
 * Serves a built SPA with history fallback: a GET for a path without a file extension that is
 * not a file answers index.html, so client-side routes survive a reload.
 */
export function spa(distDir: string, name: string, buildHint: string): Router {
  const router = express.Router();
  const dir = path.resolve(distDir);
  router.use(
    express.static(dir, {
      index: false,
      maxAge: '1h',
      setHeaders(res, file) {
        // Hashed assets never change; index.html and the service worker must always be revalidated.
        if (/[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg)$/.test(file))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        if (file.endsWith('index.html') || file.endsWith('sw.js')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const fallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (path.extname(req.path)) return next();
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send(`The ${name} app is not built. Run: ${buildHint}`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  router.use(fallback);
  return router;
}

/**
 * The landing page is shown at `/` (and `/en/`, `/uk/`) to visitors who have not opened the app
 * yet: no `gleba_app=1` cookie, no `?app` parameter and not the installed app (`?source=pwa`). Its links to log in and register set the
 * cookie, so from then on `/` is the customer app.
 */
export function landing(distDir: string): RequestHandler {
  const dir = path.resolve(distDir);
  const pages: Record<string, string> = {
    '/': 'index.html',
    '/en': 'en/index.html',
    '/en/': 'en/index.html',
    '/uk': 'uk/index.html',
    '/uk/': 'uk/index.html',
  };
  const files = new Set(['/sitemap.xml', '/robots.txt']);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (files.has(req.path) && existsSync(path.join(dir, req.path))) {
      res.sendFile(path.join(dir, req.path));
      return;
    }
    const page = pages[req.path];
    if (!page) return next();
    // The installed app starts at `/?source=pwa` (its manifest): always the app, never the landing page.
    const openedApp =
      /(?:^|;\s*)gleba_app=1(?:;|$)/.test(req.headers.cookie ?? '') ||
      'app' in req.query ||
      req.query.source === 'pwa';
    const file = path.join(dir, page);
    if (openedApp || !existsSync(file)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(file);
  };
}
