export * from './app-providers';
export * from './error-boundary';
export * from './session-store';
