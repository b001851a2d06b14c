import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { CheckboxField, FormError, LanguageSwitcher, PasswordField, toast } from '@gleba/ui';
import { ZChangePasswordBody, type Language } from '@gleba/contracts';
import { useCurrentUser, currentUserKey } from '../../../lib/current-user';
import { describeError, fieldMessage, useLang, useT } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/zod-errors';
import { useLanguageStore } from '../../../stores/language-store';
import { changePassword, updateMe, useProfile } from '../../../lib/api/account';
import { NotificationPreferences } from './notification-preferences';
import { ProfileForm } from './profile-form';
import { MyDataSection } from './my-data-section';

function ChangePasswordForm() {
  const tr = useT();
  const lang = useLang();
  const [values, setValues] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const err = (key: string) => (errors[key] ? fieldMessage(lang, errors[key]) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const parsed = ZChangePasswordBody.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, values));
    setErrors({});
    setBusy(true);
    try {
      await changePassword(parsed.data);
      setValues({ currentPassword: '', password: '', confirmPassword: '' });
      toast.success(tr('customer.passwordChangedSuccess'));
    } catch (error) {
      setFormError(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <PasswordField
        label={tr('customer.currentPassword')}
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(e) => set('currentPassword')(e.target.value)}
        error={err('currentPassword')}
      />
      <PasswordField
        label={tr('customer.newPassword')}
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
        error={err('password')}
      />
      <PasswordField
        label={tr('customer.confirmPassword')}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword')(e.target.value)}
        error={err('confirmPassword')}
      />
      <FormError>{formError}</FormError>
      <button type="submit" className="gl-button" disabled={busy}>
        {tr('customer.changePasswordSubmit')}
      </button>
    </form>
  );
}

/** /my-account: data, change password, notification settings, newsletter, language, my data (export, delete), help and FAQ. */
export function MyAccountPage() {
  const tr = useT();
  const lang = useLang();
  const setLanguage = useLanguageStore((s) => s.setLanguage);
  const { mutate } = useSWRConfig();
  const { data: user } = useCurrentUser();
  const { data: profile, error: profileError, isLoading } = useProfile();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // `?returnTo=/orders/new`: a flow that needed complete data sends the user here and back. Only a
  // path of this app (never another origin, `//host`).
  const returnTo = search.get('returnTo');
  const safeReturn = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;

  async function onProfileSaved() {
    await mutate(currentUserKey); // isDataComplete may have changed
    if (safeReturn) navigate(safeReturn);
  }

  async function onNewsletter(checked: boolean) {
    try {
      const updated = await updateMe({ newsletterConsent: checked });
      await mutate(currentUserKey, updated ?? { ...user, newsletterConsent: checked }, { revalidate: false });
      toast.success(tr('customer.newsletterSaved'));
    } catch (error) {
      toast.error(describeError(lang, error));
    }
  }

  // Saved on the account by the signed-in app (useAccountLanguage), as from any switcher.
  const onLanguage = (next: Language) => setLanguage(next);

  return (
    <div className="page account">
      <section className="card">
        <h2>{tr('customer.accountData')}</h2>
        {user && <p className="muted">{tr('customer.accountEmail', { email: user.email })}</p>}
        {isLoading && <p aria-busy="true">{tr('common.loading')}</p>}
        {profileError && <FormError>{tr('customer.profileLoadFailed')}</FormError>}
        {!isLoading && !profileError && (
          <ProfileForm
            profile={profile}
            fallback={{
              firstName: user?.firstName ?? '',
              lastName: user?.lastName ?? '',
              phoneNumber: user?.phoneNumber ?? '',
              genderType: user?.genderType ?? '',
            }}
            onSaved={onProfileSaved}
          />
        )}
      </section>
      <section className="card">
        <h2>{tr('customer.changePassword')}</h2>
        <ChangePasswordForm />
      </section>
      <NotificationPreferences hasPhone={Boolean(user?.phoneNumber)} />
      <section className="card">
        <h2>{tr('customer.newsletter')}</h2>
        <CheckboxField
          label={tr('customer.newsletterConsent')}
          checked={user?.newsletterConsent ?? false}
          onChange={(e) => void onNewsletter(e.target.checked)}
        />
      </section>
      <section className="card">
        <h2>{tr('customer.language')}</h2>
        <LanguageSwitcher value={lang} onChange={onLanguage} />
      </section>
      <MyDataSection social={(user?.socialAccounts.length ?? 0) > 0} />
      <section className="card">
        <h2>{tr('customer.help')}</h2>
        <p>{tr('customer.helpText')}</p>
        <ul className="link-list">
          <li>
            <Link to="/faq">{tr('customer.faqLink')}</Link>
          </li>
          <li>
            <Link to="/terms-and-privacy-policy">{tr('customer.termsLink')}</Link>
          </li>
          <li>
            <Link to="/onboarding">{tr('onboarding.reopen')}</Link>
          </li>
          <li>
            <Link to="/how-to-sample">{tr('guide.linkText')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
