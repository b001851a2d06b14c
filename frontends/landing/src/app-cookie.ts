/**
 * The gateway serves the customer app instead of this page at `/` once the visitor has this
 * cookie (or the request has `?app`). The page's log-in and register links set it.
 */
export const APP_COOKIE = { name: 'gleba_app', value: '1', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;
