import { useState } from 'react';
import { STORAGE_KEYS } from '@gleba/contracts';
import { Logo } from '@gleba/ui';
import { useT } from '../../../lib/i18n';

const SLIDES = [1, 2, 3] as const;

export function isSplashPending(): boolean {
  return localStorage.getItem(STORAGE_KEYS.splashScreenOn) === null;
}

/** First visit (spec section 2): shown at / until `splash_screen_on` is set. */
export function SplashCarousel({ onDone }: { onDone: () => void }) {
  const tr = useT();
  const [index, setIndex] = useState(0);
  const finish = () => {
    localStorage.setItem(STORAGE_KEYS.splashScreenOn, 'true');
    onDone();
  };
  const slide = SLIDES[index] ?? 1;
  const last = index === SLIDES.length - 1;
  return (
    <main className="splash" aria-roledescription="carousel">
      <Logo size={72} />
      <section
        aria-roledescription="slide"
        aria-label={tr('customer.splashSlide', { n: index + 1, total: SLIDES.length })}
      >
        <h1>{tr(`customer.splash${slide}Title`)}</h1>
        <p>{tr(`customer.splash${slide}Text`)}</p>
      </section>
      <div className="splash__dots" aria-hidden="true">
        {SLIDES.map((s, i) => (
          <span key={s} className={i === index ? 'splash__dot splash__dot--active' : 'splash__dot'} />
        ))}
      </div>
      <div className="splash__actions">
        {!last && (
          <button type="button" className="gl-button gl-button--secondary" onClick={finish}>
            {tr('customer.splashSkip')}
          </button>
        )}
        <button type="button" className="gl-button" onClick={last ? finish : () => setIndex(index + 1)}>
          {tr(last ? 'customer.splashStart' : 'customer.splashNext')}
        </button>
      </div>
    </main>
  );
}
