import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderFeature } from './render-feature';

let current = '';
function Probe() {
  const location = useLocation();
  current = location.pathname + location.search;
  return <p data-testid="elsewhere">{current}</p>;
}
function Track() {
  const location = useLocation();
  current = location.pathname + location.search;
  return null;
}

/** A page of the feature at `path` (matched by `pattern`), signed in; any other address shows where the page went. */
export function renderPage(
  pattern: string,
  path: string,
  page: ReactElement,
  lang: 'pl' | 'en' | 'uk' = 'en',
) {
  current = path;
  return renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <Track />
      <Routes>
        <Route path={pattern} element={page} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
    lang,
  );
}

export const where = () => current;
