import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { useCmsPage } from '../api/cms-page';

/** A WordPress page by slug, sanitized; the fallback shows while the CMS has nothing or fails. */
export function CmsPage({ slug, fallback }: { slug: string; fallback: ReactNode }) {
  const tr = useT();
  const { data: html, error, isLoading } = useCmsPage(slug);
  if (isLoading) return <p aria-busy="true">{tr('common.loading')}</p>;
  if (html) return <article className="cms-content" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <article className="cms-content">
      {error && <p className="muted">{tr('customer.cmsLoadFailed')}</p>}
      {fallback}
    </article>
  );
}
