import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiLanguageProvider } from '../i18n/ui-language';
import { CookieBanner } from './cookie-banner';
import { readConsent, writeConsent } from './consent-storage';

function renderBanner(onChange = vi.fn()) {
  render(
    <UiLanguageProvider lang="en">
      <CookieBanner onChange={onChange} />
    </UiLanguageProvider>,
  );
  return onChange;
}

describe('CookieBanner', () => {
  it('shows a settings button and an accept button; accept stores every category and hides the banner', async () => {
    const onChange = renderBanner();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(readConsent()).toEqual({ necessary: true, commercial: true, social: true });
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
  });

  it('reserves room at the bottom of the page while it shows, so it covers no content for good', async () => {
    renderBanner();
    expect(document.body.style.paddingBottom).toMatch(/^calc\(\d+px \+ 2rem\)$/);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('is hidden when necessary cookies were accepted before', () => {
    writeConsent({ necessary: true, commercial: false, social: false });
    renderBanner();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('opens settings with the defaults: necessary on, commercial off, social on', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Cookie settings' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Necessary' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Advertising' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Social media' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Needed for the service to work/)).toBeTruthy();
  });

  it('disables save while necessary is off and saves the chosen categories otherwise', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    await userEvent.click(screen.getByRole('switch', { name: 'Necessary' }));
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/necessary cookies/);
    await userEvent.click(screen.getByRole('switch', { name: 'Necessary' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Social media' }));
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(readConsent()).toEqual({ necessary: true, commercial: false, social: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('accept-all in the dialog turns every category on', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(readConsent()).toEqual({ necessary: true, commercial: true, social: true });
  });

  it('speaks Polish and Ukrainian', () => {
    render(
      <UiLanguageProvider lang="uk">
        <CookieBanner />
      </UiLanguageProvider>,
    );
    expect(screen.getByRole('button', { name: 'Приймаю' })).toBeTruthy();
  });
});
