import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { isOnboardingDone } from '../../../lib/onboarding-rules';
import { OnboardingWizard } from './onboarding-wizard';

/** /onboarding: the wizard again, reachable from the dashboard and the account page; ends on the dashboard. */
export function OnboardingPage() {
  const navigate = useNavigate();
  return (
    <section className="page">
      <OnboardingWizard onClose={() => void navigate('/')} />
    </section>
  );
}

/** On the dashboard: the wizard for a user who has not seen it on this device, else a link to open it again. */
export function DashboardOnboarding() {
  const tr = useT();
  const [open, setOpen] = useState(() => !isOnboardingDone());
  if (open) return <OnboardingWizard onClose={() => setOpen(false)} />;
  return (
    <Link to="/onboarding" className="onboarding-reopen">
      {tr('onboarding.reopen')}
    </Link>
  );
}
