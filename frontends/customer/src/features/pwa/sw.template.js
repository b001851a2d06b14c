/* global self, caches, __GLEBA_PRECACHE__ */
/* Gleba customer app service worker (hand-written; docs/decisions/0017-customer-pwa.md).
 * The build (vite.config.ts) fills in the cache name and the precache list: the built shell
 * (index.html, every JS/CSS chunk but the map's, the manifest and the icons).
 * - navigations: network first, offline the cached index.html (the SPA routes itself);
 * - /assets/ (hashed, immutable): cache first;
 * - /api/ and other apps (/admin, /cms): never cached, never answered from the cache. */
const CACHE = '__GLEBA_CACHE__';
const PRECACHE = __GLEBA_PRECACHE__;
const NOT_OURS = /^\/(api|admin|cms|metrics)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('gleba-shell-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NOT_OURS.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match('/index.html', { cacheName: CACHE }).then((r) => r || Response.error()),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then(
        (hit) =>
          hit ||
          fetch(request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return res;
          }),
      ),
    );
    return;
  }
  event.respondWith(
    fetch(request).catch(() =>
      caches.match(request, { cacheName: CACHE }).then((r) => r || Response.error()),
    ),
  );
});
