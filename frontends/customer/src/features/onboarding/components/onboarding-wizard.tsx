import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { useT } from '../../../lib/i18n';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { markOnboardingDone, missingProfileFields, ONBOARDING_STEPS } from '../../../lib/onboarding-rules';
import { FarmDataForm } from './farm-data-form';
import { SpeechBubble } from './mascot';
import { SurveyStep } from './survey-step';
import './onboarding.css';

/**
 * The farm onboarding wizard with its guide character: welcome, farm data (link to complete the
 * profile), first plot (the map on desktop, a notice on mobile), how to sample. Finishing or
 * skipping marks it done on this device.
 */
export function OnboardingWizard({ onClose }: { onClose: () => void }) {
  const tr = useT();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { data: user } = useCurrentUser();
  const [index, setIndex] = useState(0);
  const step = ONBOARDING_STEPS[index]!;
  const last = index === ONBOARDING_STEPS.length - 1;
  const close = () => {
    markOnboardingDone();
    onClose();
  };
  const missing = missingProfileFields(user);

  return (
    <section className="onboarding card" aria-labelledby="onboarding-title">
      <header className="onboarding__header">
        <h2 id="onboarding-title">{tr('onboarding.dialogTitle')}</h2>
        <span className="muted">
          {tr('onboarding.stepOf', { n: index + 1, total: ONBOARDING_STEPS.length })}
        </span>
      </header>
      {step === 'welcome' && (
        <SpeechBubble mascotLabel={tr('onboarding.mascotAlt')} title={tr('onboarding.welcomeTitle')}>
          <p>{tr('onboarding.welcomeBubble')}</p>
        </SpeechBubble>
      )}
      {step === 'farm' && (
        <SpeechBubble mascotLabel={tr('onboarding.mascotAlt')} title={tr('onboarding.farmTitle')}>
          <p>{tr('onboarding.farmBubble')}</p>
          <FarmDataForm />
          <p className={missing.length ? 'onboarding__warning' : 'onboarding__ok'}>
            {missing.length
              ? tr('onboarding.farmIncomplete', { fields: missing.map((k) => tr(k)).join(', ') })
              : tr('onboarding.farmComplete')}
          </p>
          <Link to="/my-account" onClick={() => markOnboardingDone()}>
            {tr('onboarding.completeProfile')}
          </Link>
        </SpeechBubble>
      )}
      {step === 'plot' && (
        <SpeechBubble mascotLabel={tr('onboarding.mascotAlt')} title={tr('onboarding.plotTitle')}>
          {mobile ? (
            <p role="note">{tr('onboarding.plotMobile')}</p>
          ) : (
            <>
              <p>{tr('onboarding.plotBubble')}</p>
              <Link to="/map" onClick={() => markOnboardingDone()}>
                {tr('onboarding.openMap')}
              </Link>
            </>
          )}
        </SpeechBubble>
      )}
      {step === 'sampling' && (
        <SpeechBubble mascotLabel={tr('onboarding.mascotAlt')} title={tr('onboarding.samplingTitle')}>
          <p>{tr('onboarding.samplingBubble')}</p>
          <Link to="/how-to-sample" onClick={() => markOnboardingDone()}>
            {tr('onboarding.openGuide')}
          </Link>
        </SpeechBubble>
      )}
      {step === 'survey' && (
        <SpeechBubble mascotLabel={tr('onboarding.mascotAlt')} title={tr('onboarding.surveyTitle')}>
          <p>{tr('onboarding.surveyBubble')}</p>
          <SurveyStep />
        </SpeechBubble>
      )}
      <footer className="onboarding__actions">
        {!last && (
          <button type="button" className="gl-link-button" onClick={close}>
            {tr('onboarding.skip')}
          </button>
        )}
        <span className="onboarding__nav">
          {index > 0 && (
            <button
              type="button"
              className="gl-button gl-button--secondary"
              onClick={() => setIndex(index - 1)}
            >
              {tr('onboarding.back')}
            </button>
          )}
          {last ? (
            <button type="button" className="gl-button" onClick={close}>
              {tr('onboarding.finish')}
            </button>
          ) : (
            <button type="button" className="gl-button" onClick={() => setIndex(index + 1)}>
              {tr('onboarding.next')}
            </button>
          )}
        </span>
      </footer>
    </section>
  );
}
