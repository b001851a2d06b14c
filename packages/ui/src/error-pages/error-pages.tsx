import type { ReactNode } from 'react';
import { useT } from '../i18n/ui-language';
import { UiLink } from '../link/ui-link';

export interface ErrorPageProps {
  code?: string;
  title: string;
  text?: ReactNode;
  /** Where the home link goes; `/` as the spec says. */
  homeHref?: string;
}

export function ErrorPage({ code, title, text, homeHref = '/' }: ErrorPageProps) {
  const tr = useT();
  return (
    <main className="gl-error-page">
      {code && <p className="gl-error-page__code">{code}</p>}
      <h1 className="gl-error-page__title">{title}</h1>
      {text && <p className="gl-error-page__text">{text}</p>}
      <UiLink to={homeHref} className="gl-button">
        {tr('ui.goHome')}
      </UiLink>
    </main>
  );
}

export function NotFoundPage() {
  const tr = useT();
  return <ErrorPage code="404" title={tr('ui.notFoundTitle')} text={tr('ui.notFoundText')} />;
}

/** Spec section 8: the 500 page says the server is not responding. */
export function ServerErrorPage() {
  const tr = useT();
  return <ErrorPage code="500" title={tr('ui.serverErrorTitle')} text={tr('ui.serverErrorText')} />;
}

export function GenericErrorPage({ text }: { text?: ReactNode }) {
  const tr = useT();
  return <ErrorPage title={tr('ui.genericErrorTitle')} text={text ?? tr('ui.genericErrorText')} />;
}

export function OrderNotFoundPage() {
  const tr = useT();
  return <ErrorPage title={tr('ui.orderNotFoundTitle')} text={tr('ui.orderNotFoundText')} />;
}
