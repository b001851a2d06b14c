import { raw, type Html } from './html';

/**
 * Inline SVG illustrations: no image requests, sharp at any width, a few hundred bytes each.
 * They are decorative (the text says everything), so they are hidden from assistive technology.
 */
const svg = (viewBox: string, body: string, className = 'icon'): Html =>
  raw(`<svg class="${className}" viewBox="${viewBox}" aria-hidden="true" focusable="false">${body}</svg>`);

/** A field over soil layers with a sampler pushed into the ground. */
export const heroIllustration = svg(
  '0 0 320 200',
  '<rect width="320" height="200" rx="16" fill="#e7efd9"/>' +
    '<circle cx="262" cy="44" r="22" fill="#f2c14e"/>' +
    '<path d="M0 96c60-18 110-20 160-10s110 12 160-6v120H0z" fill="#7a9a3b"/>' +
    '<path d="M0 112c70-10 120-8 170 0s100 6 150-4v92H0z" fill="#8a5a32"/>' +
    '<path d="M0 146c80-6 150-4 220 2 40 3 70 2 100-2v54H0z" fill="#6b4224"/>' +
    '<path d="M0 176c90-4 170-2 320 0v24H0z" fill="#4e2f19"/>' +
    '<g fill="#3f7a2a"><path d="M40 96c0-14 6-24 14-30-2 10 0 20-6 30z"/><path d="M62 92c2-12 10-20 18-22-4 8-4 16-10 22z"/>' +
    '<path d="M110 90c-2-14 2-26 10-32 0 10 2 22-4 32z"/><path d="M200 88c0-12 6-22 14-26-2 10 0 18-6 26z"/></g>' +
    '<rect x="150" y="40" width="8" height="120" rx="3" fill="#4a4f57"/><rect x="132" y="34" width="44" height="10" rx="5" fill="#2f343a"/>' +
    '<path d="M150 118h8v42h-8z" fill="#a26a3c" opacity=".7"/>',
  'hero-art',
);

export const farmIcon = svg(
  '0 0 48 48',
  '<path d="M6 40h36" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><path d="M10 40V24l10-8 10 8v16" fill="none" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/>' +
    '<path d="M17 40v-9h6v9" fill="none" stroke="currentColor" stroke-width="3"/><path d="M34 40V18M34 18c-4 0-6-3-6-6 4 0 6 3 6 6zm0 4c4 0 6-3 6-6-4 0-6 3-6 6z" fill="none" stroke="currentColor" stroke-width="2.5"/>',
);

export const gardenIcon = svg(
  '0 0 48 48',
  '<path d="M8 40h32" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><path d="M24 40V20" stroke="currentColor" stroke-width="3"/>' +
    '<path d="M24 22c-8 0-12-6-12-12 8 0 12 6 12 12zm0 4c8 0 12-6 12-12-8 0-12 6-12 12z" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>',
);

export const stepIcons: Html[] = [
  // order: a checklist
  svg(
    '0 0 48 48',
    '<rect x="10" y="6" width="28" height="36" rx="4" fill="none" stroke="currentColor" stroke-width="3"/><path d="M16 18l3 3 6-6M16 30l3 3 6-6M29 19h4M29 31h4" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/>',
  ),
  // collect: a sampler in soil
  svg(
    '0 0 48 48',
    '<path d="M4 30h40" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><path d="M24 8v32M16 8h16" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><path d="M8 38h6M30 38h10M12 34h4M32 34h6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  ),
  // send: a parcel
  svg(
    '0 0 48 48',
    '<path d="M6 16l18-8 18 8v18l-18 8-18-8z" fill="none" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/><path d="M6 16l18 8 18-8M24 24v18" fill="none" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/>',
  ),
  // read: a bar chart
  svg(
    '0 0 48 48',
    '<path d="M6 42h36" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><rect x="10" y="24" width="6" height="14" fill="currentColor"/><rect x="21" y="14" width="6" height="24" fill="currentColor"/><rect x="32" y="20" width="6" height="18" fill="currentColor"/>',
  ),
];

/** The mark used in the header and as the favicon. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2e6b30"/>' +
  '<path d="M6 20h20v6H6z" fill="#8a5a32"/><path d="M16 20V9m0 3c-3 0-5-2-5-5 3 0 5 2 5 5zm0 3c3 0 5-2 5-5-3 0-5 2-5 5z" fill="none" stroke="#fff" stroke-width="2"/></svg>';

export const logo = raw(LOGO_SVG.replace('<svg ', '<svg class="logo" aria-hidden="true" focusable="false" '));
