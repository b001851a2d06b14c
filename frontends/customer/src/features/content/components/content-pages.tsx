import { useT } from '../../../lib/i18n';
import { CmsPage } from './cms-page';

const FAQ = [1, 2, 3, 4, 5] as const;

export function FaqPage() {
  const tr = useT();
  return (
    <section className="page page--narrow">
      <CmsPage
        slug="faq"
        fallback={
          <dl className="faq">
            {FAQ.map((n) => (
              <div key={n}>
                <dt>{tr(`customer.faqQ${n}`)}</dt>
                <dd>{tr(`customer.faqA${n}`)}</dd>
              </div>
            ))}
          </dl>
        }
      />
    </section>
  );
}

export function TermsPage() {
  const tr = useT();
  return (
    <section className="page page--narrow">
      <CmsPage slug="terms-and-privacy-policy" fallback={<p>{tr('customer.termsFallback')}</p>} />
    </section>
  );
}
