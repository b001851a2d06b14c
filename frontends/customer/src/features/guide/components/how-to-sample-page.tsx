import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { BagFigure, DepthFigure, ParcelFigure, PuncturesFigure } from './illustrations';
import './guide.css';

/** /how-to-sample: the spec's sampling rules (section 9: 5 to 15 punctures per sample, one sample per sector, about 20 cm deep, skip the top 2-3 cm, about 1 kg, send within 4 days) as a guide with simple illustrations, linked from the dashboard, the send-samples wizard and the onboarding. */
export function HowToSamplePage() {
  const tr = useT();
  const steps = [
    { n: 1, figure: null },
    { n: 2, figure: <PuncturesFigure label={tr('guide.figurePunctures')} /> },
    { n: 3, figure: <DepthFigure label={tr('guide.figureDepth')} /> },
    { n: 4, figure: <BagFigure label={tr('guide.figureBag')} /> },
    { n: 5, figure: <ParcelFigure label={tr('guide.figureParcel')} /> },
  ];
  return (
    <section className="page guide-page">
      <p className="guide-intro">{tr('guide.intro')}</p>
      <aside className="guide-facts card" aria-labelledby="guide-facts-title">
        <h2 id="guide-facts-title">{tr('guide.facts')}</h2>
        <ul>
          <li>{tr('guide.factPunctures')}</li>
          <li>{tr('guide.fact20')}</li>
          <li>{tr('guide.factTop')}</li>
          <li>{tr('guide.fact1kg')}</li>
          <li>{tr('guide.fact4days')}</li>
        </ul>
      </aside>
      <ol className="guide-steps">
        {steps.map(({ n, figure }) => (
          <li key={n} className="guide-step card">
            <div>
              <h2>{tr(`guide.step${n}Title`)}</h2>
              <p>{tr(`guide.step${n}Text`)}</p>
            </div>
            {figure}
          </li>
        ))}
      </ol>
      <p className="guide-actions">
        <Link to="/soil-tests/add" className="gl-button">
          {tr('guide.addTest')}
        </Link>
        <Link to="/soil-tests">{tr('guide.myTests')}</Link>
      </p>
    </section>
  );
}

/** A link to the guide for other screens (dashboard, send-samples wizard, onboarding). */
export function GuideLink({ className }: { className?: string }) {
  const tr = useT();
  return (
    <Link to="/how-to-sample" className={className}>
      {tr('guide.linkText')}
    </Link>
  );
}
