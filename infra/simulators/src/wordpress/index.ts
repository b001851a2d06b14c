import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';
import { DEFAULT_PAGES, type WordPressPageContent } from './pages';

/**
 * WordPress REST API simulator for the CMS pages (FAQ, terms and privacy): `GET
 * /wp-json/wp/v2/pages?slug=...[&lang=pl|en|uk][&_fields=...]` answers an array of pages as
 * WordPress does (`id`, `slug`, `title.rendered`, `content.rendered`, `content.protected`,
 * `modified`), empty when no page has the slug. `lang` is the language filter of multilingual
 * plugins (Polylang); without it the Polish page. The content is HTML the client must sanitize.
 */

type Lang = 'pl' | 'en' | 'uk';

export interface WordPressPage {
  id: number;
  slug: string;
  lang: Lang;
  title: string;
  /** HTML as an editor saved it (never trusted by the client). */
  html: string;
  protected?: boolean;
  modified?: string;
}

export interface WordPressSimulatorHandle extends SimulatorHandle {
  /** Adds or replaces the page of this slug and language. */
  setPage(page: Omit<WordPressPage, 'id'> & { id?: number }): void;
  removePage(slug: string, lang?: Lang): void;
  /** Every request answers HTTP 503 until `recover()` (WordPress is down). */
  failAll(): void;
  recover(): void;
  requests: string[];
}

export interface WordPressSimulatorOptions {
  port?: number;
  /** The pages it starts with (default: Gleba's FAQ and terms in pl, en, uk). */
  pages?: WordPressPageContent[];
}

const PICKABLE = ['id', 'slug', 'title', 'content', 'modified', 'status', 'type', 'link', 'lang'];

export async function startWordPressSimulator(
  options: WordPressSimulatorOptions = {},
): Promise<WordPressSimulatorHandle> {
  let pages: WordPressPage[] = (options.pages ?? DEFAULT_PAGES).map((p, i) => ({ id: 100 + i, ...p }));
  let down = false;
  const requests: string[] = [];

  const app = express();
  app.get('/wp-json/wp/v2/pages', (req, res) => {
    requests.push(req.originalUrl);
    if (down) {
      res
        .status(503)
        .json({ code: 'service_unavailable', message: 'Service Unavailable', data: { status: 503 } });
      return;
    }
    const slug = typeof req.query.slug === 'string' ? req.query.slug : null;
    const lang = (['pl', 'en', 'uk'] as const).find((l) => l === req.query.lang) ?? 'pl';
    const fields =
      typeof req.query._fields === 'string'
        ? req.query._fields.split(',').filter((f) => PICKABLE.includes(f))
        : PICKABLE;
    const found = pages.filter((p) => (!slug || p.slug === slug) && p.lang === lang);
    res.json(
      found.map((p) => {
        const full: Record<string, unknown> = {
          id: p.id,
          slug: p.slug,
          lang: p.lang,
          status: 'publish',
          type: 'page',
          link: `https://cms.gleba.local/${p.lang === 'pl' ? '' : `${p.lang}/`}${p.slug}/`,
          modified: p.modified ?? '2026-11-01T09:00:00',
          title: { rendered: p.title },
          content: { rendered: p.protected ? '' : p.html, protected: !!p.protected },
        };
        return Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f]]));
      }),
    );
  });
  app.use((req, res) => {
    requests.push(req.originalUrl);
    res.status(404).json({ code: 'rest_no_route', message: 'No route was found', data: { status: 404 } });
  });

  const server = await listen(app, options.port ?? 0);
  return {
    ...server,
    requests,
    setPage: (page) => {
      const existing = pages.find((p) => p.slug === page.slug && p.lang === page.lang);
      const id = page.id ?? existing?.id ?? 100 + pages.length;
      pages = [...pages.filter((p) => p !== existing), { ...page, id }];
    },
    removePage: (slug, lang) => {
      pages = pages.filter((p) => !(p.slug === slug && (!lang || p.lang === lang)));
    },
    failAll: () => void (down = true),
    recover: () => void (down = false),
  };
}
