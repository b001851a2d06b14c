import useSWR from 'swr';
import DOMPurify from 'dompurify';
import { api } from '../../../lib/api-client';

export const CMS_PAGES_PATH = '/cms/wp-json/wp/v2/pages';

interface WordPressPage {
  content?: { rendered?: string };
  title?: { rendered?: string };
}

/** `content.rendered` of the WordPress page with this slug (spec section 7), sanitized; null when there is none. */
export function useCmsPage(slug: string) {
  return useSWR<string | null>(['cms', slug], async () => {
    const pages = await api.get<WordPressPage[] | WordPressPage>(CMS_PAGES_PATH, {
      query: { slug },
      auth: false,
    });
    const page = Array.isArray(pages) ? pages[0] : pages;
    const html = page?.content?.rendered;
    return typeof html === 'string' && html.trim() ? sanitizeCmsHtml(html) : null;
  });
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
