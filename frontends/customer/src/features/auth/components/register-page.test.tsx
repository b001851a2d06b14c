import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi, renderApp } from '../../../testing/render-app';
import { validateRegistration } from './register-page';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillValidForm(gender: 'WOMAN' | 'MAN') {
  await screen.findByRole('heading', { name: 'Create an account' });
  fill('First name', 'Anna');
  fill('Last name', 'Nowak');
  fill('E-mail address', 'anna@example.pl');
  fill('Phone number', '600100200');
  fill('Gender', gender);
  fill('Password', 'Secret1!');
  fill('Repeat the password', 'Secret1!');
  await userEvent.click(screen.getByLabelText(/I accept the terms/));
}

const valid = {
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.pl',
  phoneNumber: '600 100 200',
  genderType: 'WOMAN',
  password: 'Secret1!',
  confirmPassword: 'Secret1!',
  termsAccepted: true,
  newsletterConsent: false,
  language: 'pl' as const,
  companyName: '',
  taxNumber: '',
};

describe('registration rules', () => {
  it('accepts a complete form and normalizes the phone number', () => {
    const { errors, body } = validateRegistration(valid);
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      email: 'anna@example.pl',
      phoneNumber: '+48600100200',
      termsAccepted: true,
      privacyPolicyAccepted: true,
    });
  });

  it('requires the terms, a gender, a valid phone, e-mail and password, and a matching confirmation', () => {
    const { errors, body } = validateRegistration({
      ...valid,
      termsAccepted: false,
      genderType: '',
      phoneNumber: '12',
      email: 'anna',
      password: 'short',
      confirmPassword: 'other',
      firstName: 'A',
    });
    expect(body).toBeUndefined();
    expect(errors).toMatchObject({
      termsAccepted: 'termsNotAccepted',
      genderType: 'fieldRequired',
      phoneNumber: 'invalidPhoneNumber',
      password: 'passwordTooShort',
      firstName: 'nameTooShort',
    });
    expect(errors.email).toBeDefined();
  });

  it('reports each missing password class', () => {
    expect(
      validateRegistration({ ...valid, password: 'secret1!', confirmPassword: 'secret1!' }).errors.password,
    ).toBe('passwordNeedsUppercase');
    expect(
      validateRegistration({ ...valid, password: 'Secretxx!', confirmPassword: 'Secretxx!' }).errors.password,
    ).toBe('passwordNeedsDigit');
    expect(
      validateRegistration({ ...valid, password: 'Secret12', confirmPassword: 'Secret12' }).errors.password,
    ).toBe('passwordNeedsSpecial');
    expect(validateRegistration({ ...valid, confirmPassword: 'Secret1?' }).errors.confirmPassword).toBe(
      'passwordsDoNotMatch',
    );
  });

  it('keeps business data optional but complete and with a valid NIP when started', () => {
    expect(validateRegistration({ ...valid, companyName: 'Gospodarstwo' }).errors).toEqual({
      taxNumber: 'fieldRequired',
    });
    expect(
      validateRegistration({ ...valid, companyName: 'Gospodarstwo', taxNumber: '1234567890' }).errors,
    ).toEqual({ taxNumber: 'invalidTaxNumber' });
    expect(
      validateRegistration({ ...valid, companyName: 'Gospodarstwo', taxNumber: '526-000-12-46' }).errors,
    ).toEqual({});
    expect(validateRegistration({ ...valid, taxNumber: '5260001246' }).errors).toEqual({
      companyName: 'fieldRequired',
    });
  });
});

describe('register page', () => {
  it('checks the password rules live', async () => {
    mockApi({});
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    const rules = screen.getByRole('list', { name: 'The password must have:' });
    const state = () =>
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-met'));
    expect(state()).toEqual(['false', 'false', 'false', 'false', 'false', 'false']);
    await userEvent.type(screen.getByLabelText('Password'), 'abc1');
    expect(state()).toEqual(['false', 'true', 'true', 'false', 'false', 'false']);
    await userEvent.type(screen.getByLabelText('Password'), 'DEF!');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'abc1DEF!');
    expect(state()).toEqual(['true', 'true', 'true', 'true', 'true', 'true']);
  });

  it('shows field errors and sends nothing while the form is invalid', async () => {
    const { calls } = mockApi({});
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Accept the terms and the privacy policy.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['en', 'Register', 'This field is required.', /too short/i],
    ['pl', 'Zarejestruj się', 'To pole jest wymagane.', /za krótki/i],
    ['uk', 'Зареєструватися', "Це поле обов'язкове.", /закоротк|короткий/i],
  ] as const)(
    'in %s an empty required field says it is required, not too short',
    async (lang, submit, required, short) => {
      mockApi({});
      renderApp('/register', { lang });
      await userEvent.click(await screen.findByRole('button', { name: submit }));
      await screen.findAllByText(required);
      // First name, last name, e-mail, phone, password, its repetition: each missing.
      expect(screen.getAllByText(required).length).toBeGreaterThanOrEqual(5);
      expect(document.body.textContent).not.toMatch(short);
    },
  );

  it('an empty form: one summary alert and focus on the first invalid field', async () => {
    mockApi({});
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please correct the marked fields (errors: 7).']);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    // The field's own error is read with it.
    const first = screen.getByLabelText('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBeTruthy();
    // A second refused submit is announced again, focus again on the first invalid field.
    fill('First name', 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Please correct the marked fields (errors: 6).',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
  });

  it('registers and asks to check the e-mail', async () => {
    const { calls } = mockApi({ 'POST /api/auth/register': { id: 'x' } });
    renderApp('/register');
    await fillValidForm('WOMAN');
    await userEvent.click(screen.getByLabelText('I want to receive the newsletter'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toMatchObject({
      firstName: 'Anna',
      email: 'anna@example.pl',
      phoneNumber: '+48600100200',
      genderType: 'WOMAN',
      newsletterConsent: true,
      language: 'en',
      termsAccepted: true,
    });
  });
});

describe('register page errors', () => {
  it('shows userAlreadyExists from the server', async () => {
    mockApi({ 'POST /api/auth/register': errorBody(409, 'userAlreadyExists') });
    renderApp('/register');
    await fillValidForm('MAN');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User already exists.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your e-mail' })).toBeNull();
  });
});
