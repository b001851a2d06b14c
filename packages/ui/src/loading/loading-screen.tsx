import { useT } from '../i18n/ui-language';

/** The Gleba mark: a sprout over a soil line. */
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect x="4" y="44" width="56" height="14" rx="4" fill="#6d4c2f" />
      <path d="M32 44V26" stroke="#2f6b2f" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 30c-12 0-18-8-18-18 10 0 18 6 18 18z" fill="#7cb342" />
      <path d="M32 26c0-10 6-16 18-16 0 10-6 16-18 16z" fill="#2f6b2f" />
    </svg>
  );
}

/** Full-screen loading logo (spec section 2). */
export function LoadingScreen() {
  const tr = useT();
  return (
    <div className="gl-loading-screen" role="progressbar" aria-label={tr('ui.loadingApp')} aria-busy="true">
      <Logo size={96} />
    </div>
  );
}
