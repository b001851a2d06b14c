import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWordPressSimulator, type WordPressSimulatorHandle } from './index';

describe('WordPress simulator', () => {
  let wp: WordPressSimulatorHandle;
  beforeAll(async () => {
    wp = await startWordPressSimulator();
  });
  afterAll(async () => {
    await wp?.close();
  });
  const pages = async (query: string) => {
    const res = await fetch(`${wp.url}/wp-json/wp/v2/pages?${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>[] };
  };

  it('answers the pages of a slug as WordPress does, per language, with only the fields asked', async () => {
    const faq = await pages('slug=faq&_fields=id,slug,title,content,modified');
    expect(faq.status).toBe(200);
    expect(faq.body).toHaveLength(1);
    expect(Object.keys(faq.body[0]!).sort()).toEqual(['content', 'id', 'modified', 'slug', 'title']);
    expect(faq.body[0]).toMatchObject({ slug: 'faq', content: { protected: false } });
    expect(JSON.stringify(faq.body[0])).toContain('od 5 do 15 nakłuć');
    const en = await pages('slug=terms-and-privacy-policy&lang=en');
    expect((en.body[0]!.title as { rendered: string }).rendered).toBe('Terms and privacy policy');
    expect((await pages('slug=nothing')).body).toEqual([]);
  });

  it('serves what a test sets, hides protected content, and can be down', async () => {
    wp.setPage({ slug: 'faq', lang: 'uk', title: 'FAQ', html: '<p>x</p>', protected: true });
    const uk = await pages('slug=faq&lang=uk');
    expect(uk.body[0]).toMatchObject({ content: { rendered: '', protected: true } });
    wp.failAll();
    expect((await pages('slug=faq')).status).toBe(503);
    wp.recover();
    expect((await pages('slug=faq')).status).toBe(200);
  });
});
