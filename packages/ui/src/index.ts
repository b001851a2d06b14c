import './styles.css';

export * from './i18n/ui-language';
export * from './link/ui-link';
export * from './cookies';
export * from './dialog/dialog';
export * from './dialog/focus-trap';
export * from './dialog/confirmation-dialog';
export * from './toast/toast-store';
export * from './toast/toaster';
export * from './table/table';
export * from './loading/loading-screen';
export * from './error-pages/error-pages';
export * from './form/fields';
export * from './language/language-switcher';
export * from './language/stored-language';
export * from './app-shell';
export * from './sketch/sector-sketch';
export * from './files/save-file';
