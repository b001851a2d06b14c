import { LANGUAGES, languagePath, type SiteConfig } from './site';

/** One entry per language, each listing all three as alternates (Google's hreflang sitemap form). */
export function renderSitemap(site: SiteConfig): string {
  const url = (path: string) => `${site.origin}${path}`;
  const alternates = [
    ...LANGUAGES.map(
      (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${url(languagePath(l))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(languagePath('pl'))}"/>`,
  ].join('\n');
  const entries = LANGUAGES.map(
    (l) => `  <url>\n    <loc>${url(languagePath(l))}</loc>\n${alternates}\n  </url>`,
  ).join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${entries}\n</urlset>\n`
  );
}

/** The public page is indexable; the app and the APIs behind the gateway are not. */
export function renderRobots(site: SiteConfig): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /en/',
    'Allow: /uk/',
    'Allow: /terms-and-privacy-policy',
    'Disallow: /api/',
    'Disallow: /farm-api/',
    'Disallow: /garden-api/',
    'Disallow: /admin',
    'Disallow: /soil-tests',
    'Disallow: /my-account',
    'Disallow: /notifications',
    '',
    `Sitemap: ${site.origin}/sitemap.xml`,
    '',
  ].join('\n');
}
