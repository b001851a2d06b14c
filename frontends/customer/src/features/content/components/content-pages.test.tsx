// @vitest-environment jsdom
// DOMPurify needs a complete DOM (jsdom's, as a browser's).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';

const signedIn = {
  'GET /api/users/me': USER,
  'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
};

describe('CMS pages: FAQ, terms and privacy from WordPress', () => {
  it('shows the WordPress page in the user language, sanitized', async () => {
    const { calls } = mockApi({
      ...signedIn,
      'GET /cms/wp-json/wp/v2/pages': ({ url }: { url: URL }) =>
        url.searchParams.get('lang') === 'uk'
          ? [
              {
                id: 1,
                slug: 'faq',
                title: { rendered: 'Поширені запитання' },
                content: {
                  rendered:
                    '<h2>Поширені запитання</h2><p onclick="steal()">Від 5 до 15 проколів</p><script>window.hacked=1</script><img src=x onerror="window.hacked=1">',
                  protected: false,
                },
              },
            ]
          : [],
    });
    const view = renderApp('/faq', { lang: 'uk', signedIn: true });
    expect(await screen.findByText('Від 5 до 15 проколів', undefined, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelector('.cms-content h2')?.textContent).toBe('Поширені запитання');
    const html = view.container.innerHTML;
    expect(html).not.toMatch(/<script|onclick|onerror/);
    const asked = calls.find((c) => c.path === '/cms/wp-json/wp/v2/pages')!;
    expect(Object.fromEntries(asked.url.searchParams)).toMatchObject({ slug: 'faq', lang: 'uk' });
  });

  it('falls back to the built-in text only when WordPress is down', async () => {
    mockApi({ 'GET /cms/wp-json/wp/v2/pages': errorBody(503, 'serviceUnavailable', 'down') });
    renderApp('/terms-and-privacy-policy', { lang: 'en' });
    expect(await screen.findByText(/The Gleba terms and privacy policy set the rules/)).toBeTruthy();
  });

  it('a password-protected page counts as missing: the built-in FAQ shows', async () => {
    mockApi({
      ...signedIn,
      'GET /cms/wp-json/wp/v2/pages': [
        { id: 1, slug: 'faq', content: { rendered: '<p>secret</p>', protected: true } },
      ],
    });
    renderApp('/faq', { lang: 'pl', signedIn: true });
    expect(await screen.findByText('Ile czeka się na wyniki?')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });
});
