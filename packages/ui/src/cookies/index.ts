import '../styles.css';

export * from './consent-storage';
export { CookieBanner, type CookieBannerProps } from './cookie-banner';
export { CookieSettingsDialog, type CookieSettingsDialogProps } from './cookie-settings-dialog';
export { useCookieConsent } from './use-cookie-consent';
