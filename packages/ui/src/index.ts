import './styles.css';

export * from './i18n/ui-language';
export * from './cookies';
export * from './dialog/dialog';
export * from './dialog/confirmation-dialog';
