import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CheckboxField,
  FormErrorSummary,
  PasswordField,
  QuietFieldErrors,
  SelectField,
  TextField,
  focusFirstInvalid,
} from '@gleba/ui';
import { Language, ZRegisterBody, normalizeTaxNumber, type TRegisterBody } from '@gleba/contracts';
import { AuthCard } from '../../../components/auth-card';
import { CompanyFields, GenderField } from '../../../lib/components/person-fields';
import { describeError, fieldMessage, useLang, useT } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/zod-errors';
import { register } from '../api/auth';
import { PasswordRules } from './password-rules';
import { AuthSubmit } from './auth-submit';

interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  genderType: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
  newsletterConsent: boolean;
  language: Language;
  companyName: string;
  taxNumber: string;
}

/** Spec sections 1, 3 and 5: the registration rules, checked before sending. Returns errors by field. */
export function validateRegistration(form: RegisterForm): {
  errors: Record<string, string>;
  body?: TRegisterBody;
} {
  const input = {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phoneNumber: form.phoneNumber,
    genderType: form.genderType || undefined,
    password: form.password,
    confirmPassword: form.confirmPassword,
    termsAccepted: form.termsAccepted,
    privacyPolicyAccepted: form.termsAccepted,
    newsletterConsent: form.newsletterConsent,
    language: form.language,
  };
  const parsed = ZRegisterBody.safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error, input);
  if (errors.genderType) errors.genderType = 'fieldRequired';
  if (errors.privacyPolicyAccepted && !errors.termsAccepted)
    errors.termsAccepted = errors.privacyPolicyAccepted;
  // Business data is optional, but when started both fields are needed and the NIP must be valid.
  const company = form.companyName.trim();
  const nip = form.taxNumber.trim();
  if (company || nip) {
    if (!company) errors.companyName = 'fieldRequired';
    if (!nip) errors.taxNumber = 'fieldRequired';
    else if (!normalizeTaxNumber(nip)) errors.taxNumber = 'invalidTaxNumber';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { errors, body: parsed.data as TRegisterBody };
}

/** The fields that show an error (privacyPolicyAccepted is reported on the terms checkbox). */
const SHOWN_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'genderType',
  'password',
  'confirmPassword',
  'companyName',
  'taxNumber',
  'termsAccepted',
];

export function RegisterPage() {
  const tr = useT();
  const lang = useLang();
  const [form, setForm] = useState<RegisterForm>({
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    genderType: '',
    password: '',
    confirmPassword: '',
    termsAccepted: false,
    newsletterConsent: false,
    language: lang,
    companyName: '',
    taxNumber: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  // Each refused submit: one summary announcement and focus on the first invalid field.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  const set =
    <K extends keyof RegisterForm>(key: K) =>
    (value: RegisterForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const err = (key: string) => (errors[key] ? fieldMessage(lang, errors[key]) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const { errors: found, body } = validateRegistration(form);
    setErrors(found);
    if (!body) {
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const company = form.companyName.trim();
      await register({
        ...body,
        ...(company
          ? {
              businessData: {
                companyName: company,
                taxNumber: normalizeTaxNumber(form.taxNumber) ?? form.taxNumber,
              },
            }
          : {}),
      });
      setRegisteredEmail(String(body.email).trim().toLowerCase());
    } catch (error) {
      setFormError(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }

  if (registeredEmail) {
    return (
      <AuthCard title={tr('customer.registerSuccessTitle')}>
        <p role="status">{tr('customer.registerSuccessText', { email: registeredEmail })}</p>
        <Link to="/login" className="gl-button">
          {tr('customer.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={tr('customer.registerHeading')}>
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <QuietFieldErrors>
          <fieldset>
            <legend>{tr('customer.registerPersonalData')}</legend>
            <TextField
              label={tr('customer.firstName')}
              autoComplete="given-name"
              value={form.firstName}
              onChange={(e) => set('firstName')(e.target.value)}
              error={err('firstName')}
            />
            <TextField
              label={tr('customer.lastName')}
              autoComplete="family-name"
              value={form.lastName}
              onChange={(e) => set('lastName')(e.target.value)}
              error={err('lastName')}
            />
            <TextField
              label={tr('customer.email')}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email')(e.target.value)}
              error={err('email')}
            />
            <TextField
              label={tr('customer.phoneNumber')}
              type="tel"
              autoComplete="tel"
              hint={tr('customer.phoneHint')}
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber')(e.target.value)}
              error={err('phoneNumber')}
            />
            <GenderField value={form.genderType} onChange={set('genderType')} error={err('genderType')} />
          </fieldset>
          <fieldset>
            <legend>{tr('customer.registerPasswordSection')}</legend>
            <PasswordField
              label={tr('customer.password')}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
              error={err('password')}
            />
            <PasswordField
              label={tr('customer.confirmPassword')}
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.target.value)}
              error={err('confirmPassword')}
            />
            <PasswordRules password={form.password} confirmation={form.confirmPassword} />
          </fieldset>
          <fieldset>
            <legend>{tr('customer.registerBusinessData')}</legend>
            <p className="gl-field__hint">{tr('customer.registerBusinessHint')}</p>
            <CompanyFields
              companyName={form.companyName}
              taxNumber={form.taxNumber}
              onCompanyName={set('companyName')}
              onTaxNumber={set('taxNumber')}
              errors={{ companyName: err('companyName'), taxNumber: err('taxNumber') }}
              autoComplete="organization"
            />
          </fieldset>
          <SelectField
            label={tr('customer.language')}
            value={form.language}
            onChange={(e) => set('language')(e.target.value as Language)}
            options={Language.options.map((l) => ({
              value: l,
              label: tr(`common.language${l.charAt(0).toUpperCase()}${l.slice(1)}`),
            }))}
          />
          <CheckboxField
            label={
              <>
                {tr('customer.registerTerms')} (
                <Link to="/terms-and-privacy-policy">{tr('customer.registerTermsLink')}</Link>)
              </>
            }
            checked={form.termsAccepted}
            onChange={(e) => set('termsAccepted')(e.target.checked)}
            error={err('termsAccepted')}
          />
          <CheckboxField
            label={tr('customer.registerNewsletter')}
            checked={form.newsletterConsent}
            onChange={(e) => set('newsletterConsent')(e.target.checked)}
          />
        </QuietFieldErrors>
        <FormErrorSummary
          key={refusals}
          count={refusals > 0 ? SHOWN_FIELDS.filter((f) => errors[f]).length : 0}
        />
        <AuthSubmit error={formError} busy={busy} label={tr('customer.registerSubmit')} />
      </form>
      <p className="auth-card__links">
        {tr('customer.registerHaveAccount')} <Link to="/login">{tr('customer.registerLoginLink')}</Link>
      </p>
    </AuthCard>
  );
}
