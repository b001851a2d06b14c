import { Language } from '@gleba/contracts';

/**
 * Where the page is published and how to reach us. Absolute URLs are needed for canonical,
 * hreflang, Open Graph and the sitemap. Override at build time with GLEBA_SITE_URL and
 * GLEBA_CONTACT_EMAIL (see README); the defaults suit a local gateway on port 8080.
 */
export interface SiteConfig {
  /** Origin without a trailing slash, e.g. `https://gleba.example`. */
  origin: string;
  contactEmail: string;
}

export const DEFAULT_SITE: SiteConfig = {
  origin: 'http://localhost:8080',
  contactEmail: 'kontakt@gleba.example',
};

export function siteFromEnv(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const origin = (env.GLEBA_SITE_URL ?? DEFAULT_SITE.origin).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(origin))
    throw new Error(`GLEBA_SITE_URL must be an origin like https://gleba.example, got "${origin}"`);
  const contactEmail = env.GLEBA_CONTACT_EMAIL ?? DEFAULT_SITE.contactEmail;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail))
    throw new Error(`GLEBA_CONTACT_EMAIL is not an e-mail address: "${contactEmail}"`);
  return { origin, contactEmail };
}

/** The page path of each language: Polish, the default, lives at `/`. */
export function languagePath(lang: Language): string {
  return lang === 'pl' ? '/' : `/${lang}/`;
}

export const LANGUAGES = Language.options;

/** `<html lang>`, Open Graph locale and the Intl locale of each language. */
export const LOCALES: Record<Language, { intl: string; og: string }> = {
  pl: { intl: 'pl-PL', og: 'pl_PL' },
  en: { intl: 'en-GB', og: 'en_GB' },
  uk: { intl: 'uk-UA', og: 'uk_UA' },
};
