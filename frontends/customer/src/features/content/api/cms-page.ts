import useSWR from 'swr';
import DOMPurify from 'dompurify';
import type { Language } from '@gleba/contracts';
import { api } from '../../../lib/api-client';
import { useLanguageStore } from '../../../stores/language-store';

export const CMS_PAGES_PATH = '/cms/wp-json/wp/v2/pages';

interface WordPressPage {
  content?: { rendered?: string; protected?: boolean };
  title?: { rendered?: string };
}

/** `content.rendered` of the WordPress page with this slug (spec section 7), sanitized; null when there is none. */
export function useCmsPage(slug: string) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<string | null>(['cms', slug, lang], () => fetchCmsPage(slug, lang));
}

/**
 * The page in the user's language (`lang`, the multilingual plugin's filter), else the default
 * (Polish) one; a password-protected page counts as missing.
 */
export async function fetchCmsPage(slug: string, lang: Language): Promise<string | null> {
  const ask = async (language?: Language) => {
    const pages = await api.get<WordPressPage[] | WordPressPage>(CMS_PAGES_PATH, {
      query: { slug, _fields: 'id,slug,title,content,modified', ...(language ? { lang: language } : {}) },
      auth: false,
    });
    const page = Array.isArray(pages) ? pages[0] : pages;
    const html = page?.content?.protected ? undefined : page?.content?.rendered;
    return typeof html === 'string' && html.trim() ? sanitizeCmsHtml(html) : null;
  };
  return (await ask(lang)) ?? (lang === 'pl' ? null : await ask());
}

/** The CMS is another service: its HTML is never trusted (no scripts, handlers or frames). */
export function sanitizeCmsHtml(html: string): string {
  // Without a DOM DOMPurify would hand the input back untouched: show the page as text instead.
  if (!DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
